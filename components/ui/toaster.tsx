// Where toasts appear: render once per page. A server component: the close button's icon is drawn
// here (static-icon.tsx), so no icon code ships to the browser with the toasts (route budgets,
// issue #15); the live regions themselves are toast.tsx's.
import { StaticIcon } from "@/components/ui/static-icon";
import { ToastRegions } from "@/components/ui/toast";

export function Toaster({ closeLabel }: { closeLabel: string }) {
  return <ToastRegions closeLabel={closeLabel} closeIcon={<StaticIcon name="X" className="h-4 w-4" />} />;
}
