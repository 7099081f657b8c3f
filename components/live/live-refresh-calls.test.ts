// No router.refresh() for live updates (issue #47): what changes on the server reaches a page as
// query data (components/live/use-live-query.ts: the stream writes the cache, the components that
// read it move), never by rendering the whole server page again. A refresh after a person's own
// action (a mutation's onSuccess) is not a live update and stays allowed; a refresh is a live
// update when nothing the person did asked for it:
// - in an effect (it runs because some state changed: a pushed status, a timer's tick),
// - in a timer's or an event stream's callback (setTimeout, setInterval, requestAnimationFrame,
//   EventSource's onmessage/addEventListener),
// - anywhere in a component that follows live data itself (useLiveQuery, useLiveState,
//   followLiveSource, useQuery, new EventSource): it has the data, it shows it.
// The sibling of components/forms/server-action-calls.test.ts (one way to call an action).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");

type Finding = { file: string; line: number; why: string };

const effectHooks = new Set(["useEffect", "useLayoutEffect", "useInsertionEffect"]);
const timers = new Set(["setTimeout", "setInterval", "requestAnimationFrame", "requestIdleCallback"]);
const liveFollowers = new Set(["useLiveQuery", "useLiveState", "followLiveSource", "useQuery", "useSuspenseQuery", "useQueries"]);

const calleeName = (call: ts.CallExpression): string =>
  ts.isIdentifier(call.expression) ? call.expression.text : ts.isPropertyAccessExpression(call.expression) ? call.expression.name.text : "";

/** `x.refresh()` where x is a router (`router`, `useRouter()`, `this.router`…), not a query's `refetch`. */
function isRouterRefresh(node: ts.Node): node is ts.CallExpression {
  if (!ts.isCallExpression(node) || !ts.isPropertyAccessExpression(node.expression)) return false;
  if (node.expression.name.text !== "refresh") return false;
  const target = node.expression.expression;
  const text = target.getText();
  return /router$/i.test(text) || (ts.isCallExpression(target) && calleeName(target) === "useRouter");
}

/** Why this refresh is a live update (undefined: it answers a person's action). */
function liveReason(call: ts.CallExpression): string | undefined {
  for (let node: ts.Node = call; node.parent; node = node.parent) {
    const parent = node.parent;
    const isCallback = ts.isArrowFunction(node) || ts.isFunctionExpression(node);
    if (isCallback && ts.isCallExpression(parent) && parent.arguments.includes(node as ts.Expression)) {
      const name = calleeName(parent);
      if (effectHooks.has(name)) return `in ${name}`;
      if (timers.has(name)) return `in ${name}'s callback`;
      if (name === "addEventListener" && parent.expression.getText().match(/events?|source|stream/i))
        return "in an event stream's listener";
    }
    // events.onmessage = () => router.refresh()
    if (
      isCallback &&
      ts.isBinaryExpression(parent) &&
      parent.right === node &&
      ts.isPropertyAccessExpression(parent.left) &&
      /^on(message|error|open)$/.test(parent.left.name.text)
    )
      return `in ${parent.left.name.text}`;
  }
  return undefined;
}

function liveRefreshes(file: string, source: string): Finding[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  let follows: string | undefined;
  const refreshes: ts.CallExpression[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && liveFollowers.has(calleeName(node))) follows ??= calleeName(node);
    if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "EventSource") follows ??= "EventSource";
    if (isRouterRefresh(node)) refreshes.push(node);
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return refreshes.flatMap((call) => {
    const why = liveReason(call) ?? (follows ? `in a component that follows live data (${follows})` : undefined);
    if (!why) return [];
    const { line } = sf.getLineAndCharacterOfPosition(call.getStart(sf));
    return [{ file, line: line + 1, why }];
  });
}

const clientFiles = () =>
  ["components", "app"].flatMap((folder) =>
    readdirSync(path.join(root, folder), { recursive: true, encoding: "utf8" })
      .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
      .map((name) => `${folder}/${name.split(path.sep).join("/")}`),
  );

describe("no router.refresh() for live updates", () => {
  it("finds none in components/ and app/", () => {
    const findings = clientFiles().flatMap((file) => liveRefreshes(file, readFileSync(path.join(root, file), "utf8")));
    expect(findings).toEqual([]);
  });

  it("sees the live components and the refreshes it is meant to judge (the rule is not vacuous)", () => {
    const sources = clientFiles().map((file) => readFileSync(path.join(root, file), "utf8"));
    expect(sources.filter((source) => /\buseLiveQuery\(|\buseQuery\(/.test(source)).length).toBeGreaterThanOrEqual(4);
    // Mutation-success refreshes are still there and allowed: the rule tells them apart.
    expect(sources.filter((source) => source.includes("router.refresh()")).length).toBeGreaterThan(5);
  });

  it("refuses a refresh in an effect, a timer, a stream's handler, or a component following live data", () => {
    const effect = `"use client";
export function LiveRefresh({ initial }) {
  const router = useRouter();
  const [state] = useState(initial);
  useEffect(() => {
    if (state !== initial) router.refresh();
  }, [state, router]);
  return null;
}`;
    const timer = `"use client";
export function AutoRefresh() {
  const router = useRouter();
  useLayoutEffect(() => {
    const tick = () => router.refresh();
    const timer = setInterval(() => { router.refresh(); }, 1000);
    return () => clearInterval(timer);
  }, [router]);
  return null;
}`;
    const stream = `"use client";
export function subscribe(router) {
  const events = new EventSource("/x");
  events.onmessage = () => router.refresh();
  events.addEventListener("message", function () { router.refresh(); });
}`;
    const follower = `"use client";
export function LiveStatus({ id }) {
  const router = useRouter();
  const { state } = useLiveQuery({ stateUrl: "/s", eventsUrl: "/e", initial: null });
  const onClick = () => router.refresh();
  return <button onClick={onClick}>{state}</button>;
}`;
    expect(liveRefreshes("components/x/effect.tsx", effect).map((finding) => [finding.line, finding.why])).toEqual([[6, "in useEffect"]]);
    expect(liveRefreshes("components/x/timer.tsx", timer).map((finding) => finding.line)).toEqual([5, 6]);
    expect(liveRefreshes("components/x/stream.ts", stream).map((finding) => finding.line)).toEqual([4, 5]);
    expect(liveRefreshes("components/x/follower.tsx", follower).map((finding) => finding.why)).toEqual([
      "in a component that follows live data (useLiveQuery)",
    ]);
  });

  it("accepts a refresh that answers the person's own action", () => {
    const form = `"use client";
export function Form() {
  const router = useRouter();
  const { run } = useActionMutation({ t });
  const query = useQueryClient();
  return <button onClick={() => run(() => saveAction({}), { onSuccess: () => router.refresh() })} />;
}`;
    expect(liveRefreshes("components/x/form.tsx", form)).toEqual([]);
  });
});
