// The logging interface the sandbox wallet writes to (the host passes its pino logger). Nothing
// secret is ever logged: no token, no callback URL (it may carry the receiver's secret).
type LogMethod = (details: object, message: string) => void;
export type SandboxLogger = { info: LogMethod; warn: LogMethod; error: LogMethod };

export const silentLogger: SandboxLogger = { info: () => {}, warn: () => {}, error: () => {} };
