// Every HTTP request the server makes to a URL someone else chose (the sandbox wallet's callback
// deliveries, a resend to a new URL, the cash-in callback override, alert webhooks) goes through
// fetchOutbound, so one guard decides which addresses may be reached.
// HOOK: the web-hardening issue (#11) adds the internal-address guard (resolve, refuse private
// ranges, check the connected address, refuse redirects to them); until then this is plain fetch.
export class OutboundUrlRefusedError extends Error {
  constructor(
    readonly url: string,
    readonly reason: string,
  ) {
    super(`Refused to request ${url}: ${reason}`);
    this.name = "OutboundUrlRefusedError";
  }
}

export async function fetchOutbound(url: string, init?: RequestInit): Promise<Response> {
  return fetch(url, init);
}
