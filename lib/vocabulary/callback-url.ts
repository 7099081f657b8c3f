// The shape of the dashboard's callback receiver URLs: APP_URL + this prefix + "<local id>/<token>"
// (or the legacy "<secret>"). The tokens themselves are made and checked in lib/callbacks/callback-url.ts.
export const callbackReceiverPathPrefix = "/api/callbacks/wallet/";
