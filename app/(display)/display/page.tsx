// The counter display (a screen facing the payer): the pairing form for an unpaired browser, else
// its counter's live screen. A display session sees only this; operator pages do not know it.
import type { Metadata, Viewport } from "next";
import { DisplayScreen } from "@/components/display/display-screen";
import { pickDisplayStrings } from "@/components/display/display-strings";
import { PairingForm } from "@/components/display/pairing-form";
import { getCurrentDisplayDevice } from "@/lib/displays/display-session";
import { readDisplayState } from "@/lib/displays/display-state";
import { getChosenLocale } from "@/lib/i18n/locale";
import { dictionaries } from "@/lib/i18n/messages";
import { getRuntime } from "@/lib/server/runtime";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Caixa", robots: { index: false, follow: false }, referrer: "no-referrer" };
export const viewport: Viewport = { width: "device-width", initialScale: 1, themeColor: "#ffffff" };

export default async function DisplayPage() {
  const locale = await getChosenLocale("pt-BR");
  const s = pickDisplayStrings(dictionaries[locale]);
  const { db, config } = await getRuntime();
  const device = await getCurrentDisplayDevice(db);
  const state = device ? await readDisplayState(db, device.counterId, config.merchantName) : null;
  return (
    <div lang={locale}>
      {state && !state.signedOut ? (
        <DisplayScreen initial={state} s={s} renderedAt={Date.now()} />
      ) : (
        <main>
          <PairingForm s={s} />
        </main>
      )}
    </div>
  );
}
