// The fake request that integration tests act in: who is calling (headers, e.g. a session cookie),
// and the cookies an action set through Next's cookies() — cleared whenever a test sets new
// headers, as each browser request starts with only what the browser sends.
let currentHeaders = new Headers();
export const requestState = {
  cookies: new Map<string, string>(),
  /** The options each of those cookies was set with (e.g. maxAge). */
  cookieOptions: new Map<string, { maxAge?: number }>(),
  get headers(): Headers {
    return currentHeaders;
  },
  set headers(value: Headers) {
    currentHeaders = value;
    this.cookies.clear();
    this.cookieOptions.clear();
  },
};
