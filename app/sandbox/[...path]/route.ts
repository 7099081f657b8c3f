// Serves the embedded sandbox wallet under /sandbox (its API at /sandbox/api/v1/..., its test
// controls at /sandbox/control/...). When this server talks to another wallet, every path is 404.
import { getConfig } from "@/lib/config";
import { logger } from "@/lib/logger";
import { errorResponse, sandboxRoute } from "@/lib/sandbox-wallet";
import { getEmbeddedSandboxWallet } from "@/lib/server/runtime";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

const notHere = (request: Request) =>
  errorResponse(404, `No endpoint at ${new URL(request.url).pathname.slice(0, 120)}: this server does not run the sandbox wallet`);

const handle = sandboxRoute({ logger }, async (request) => {
  if (!getConfig().sandboxWallet.enabled) return notHere(request);
  let wallet: Awaited<ReturnType<typeof getEmbeddedSandboxWallet>>;
  try {
    wallet = await getEmbeddedSandboxWallet();
  } catch (error) {
    logger.error({ err: error }, "sandbox wallet unavailable");
    return errorResponse(503, "The sandbox wallet is not available right now; try again shortly");
  }
  if (!wallet) return notHere(request);
  return wallet.handleRequest(request);
});

export const GET = handle;
export const POST = handle;
export const PUT = handle;
export const PATCH = handle;
export const DELETE = handle;
