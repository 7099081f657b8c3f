// The fake request that integration tests act in: who is calling (headers, e.g. a session cookie).
export const requestState = { headers: new Headers(), cookies: new Map<string, string>() };
