// The bare route handler: reads the request body and answers a small JSON, nothing else (the
// callback receiver's baseline).
export const dynamic = "force-dynamic";

export async function POST(request) {
  await request.text();
  return Response.json({ received: true });
}

export async function GET() {
  return Response.json({ ok: true });
}
