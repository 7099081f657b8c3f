// The payer page's live status: only the status, for the holder of the unguessable link. Anyone
// can call it, so each address has a (generous) budget shared with the page and its stream.
import { NextResponse } from "next/server";
import { findPayerDisplay } from "@/lib/db/queries/transactions";
import { problemResponse } from "@/lib/http/problem";
import { publicRoute } from "@/lib/http/public-route";
import { msg } from "@/lib/i18n/message";
import { rateLimitRules } from "@/lib/security/rate-limit-rules";
import { getRuntime } from "@/lib/server/runtime";

export const dynamic = "force-dynamic";

const noindex = { "x-robots-tag": "noindex" };

export const GET = publicRoute<{ token: string }>(
  { name: "payer.status", perAddress: rateLimitRules.payerPerAddress, refusalHeaders: noindex },
  async (_request, { params: { token } }) => {
    const { db } = await getRuntime();
    const display = /^[A-Za-z0-9_-]{16,64}$/.test(token) ? await findPayerDisplay(db, token) : undefined;
    if (!display) return problemResponse(404, msg("errors.route.unknownPaymentLink"), { headers: noindex });
    return NextResponse.json({ status: display.status }, { headers: { "cache-control": "no-store", "x-robots-tag": "noindex" } });
  },
);
