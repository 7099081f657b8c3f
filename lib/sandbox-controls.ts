// The sandbox wallet's test controls (beyond the wallet API spec, under {base}/control): used by
// the dashboard's "Simulate payment" button, and only while connected to a sandbox.
import "server-only";
import type { AppConfig } from "@/lib/config";
import { logger } from "@/lib/logger";

export type SandboxControlResult = { ok: true } | { ok: false; error: string };

export async function payCashInInSandbox(config: AppConfig, walletTransactionId: string): Promise<SandboxControlResult> {
  if (!config.wallet.isSandbox) return { ok: false, error: "Payments can only be simulated while the dashboard is connected to a sandbox wallet." };
  const url = `${config.wallet.baseUrl}/control/cash-ins/${encodeURIComponent(walletTransactionId)}/pay`;
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { accept: "application/json", authorization: `Bearer ${config.wallet.token}` },
      signal: AbortSignal.timeout(config.wallet.timeoutMs),
    });
    const body = (await response.json().catch(() => null)) as { success?: boolean; messageError?: string | null } | null;
    if (response.ok && body?.success) return { ok: true };
    const walletMessage = typeof body?.messageError === "string" ? body.messageError.slice(0, 300) : `HTTP ${response.status}`;
    return { ok: false, error: `The sandbox refused to simulate the payment: ${walletMessage}` };
  } catch (error) {
    logger.warn({ err: { name: (error as Error).name, message: (error as Error).message } }, "sandbox payment simulation failed");
    return { ok: false, error: "The sandbox wallet did not answer; nothing was paid. Try again." };
  }
}
