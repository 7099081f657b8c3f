// The payer page's live status: only the status, for the holder of the unguessable link.
import { NextResponse } from "next/server";
import { findPayerDisplay } from "@/lib/db/queries/transactions";
import { getDb } from "@/lib/server/runtime";

export const dynamic = "force-dynamic";

export async function GET(_request: Request, { params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const display = /^[A-Za-z0-9_-]{16,64}$/.test(token) ? await findPayerDisplay(await getDb(), token) : undefined;
  if (!display) return NextResponse.json({ error: "Unknown payment link." }, { status: 404, headers: { "x-robots-tag": "noindex" } });
  return NextResponse.json({ status: display.status }, { headers: { "cache-control": "no-store", "x-robots-tag": "noindex" } });
}
