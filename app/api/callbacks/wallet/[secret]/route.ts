// Where the wallet posts each transaction's status. The logic lives in lib/callbacks.
import { receiveCallback } from "@/lib/callbacks/receive-callback";
import { logger } from "@/lib/logger";
import { getRuntime } from "@/lib/server/runtime";

export const dynamic = "force-dynamic";

export async function POST(request: Request, { params }: { params: Promise<{ secret: string }> }) {
  const { db, config } = await getRuntime();
  try {
    return await receiveCallback(db, request, (await params).secret, config.callbackSecret);
  } catch (error) {
    logger.error({ err: error }, "callback could not be stored");
    // Not stored: a 5xx tells the wallet to retry later.
    return Response.json({ error: "The callback could not be stored; retry later." }, { status: 503 });
  }
}
