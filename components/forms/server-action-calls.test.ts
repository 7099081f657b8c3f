// One way to call a server action from the browser (issue #47): a client component that imports an
// action from lib/actions/ may only hand a call of it to the one mutation hook
// (use-action-mutation.ts): `run(() => someAction(input), …)`, `send(() => …)`, the form hook's
// `action: (values) => someAction(values)`, or, for a read, the query hook's
// `useActionQuery(key, () => someAction(input))` (components/data/use-action-query.ts). The arrow
// answers the call itself (its body is the call, or its last statement returns it), so what comes
// back (pending, message, field errors, step-up, cache updates) is the hook's to handle. Anything
// else (an await of it in a handler, a bare call in a transition, a call in an effect) fails here.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
/**
 * The hook itself; the step-up dialog's own form, which the hook opens (it cannot run through the
 * hook that renders it: an import cycle); and sign-in, whose form keeps useActionState for its JS
 * budget (docs/architecture.md); the language select, shown on pages without the query client.
 */
const exempt = new Set([
  "components/forms/use-action-mutation.ts",
  "components/auth/step-up-dialog-body.tsx",
  "components/auth/sign-in-form.tsx",
  // On the payer page, sign-in and /verify too, which mount no query client (their JS budgets).
  "components/shell/language-switcher.tsx",
]);
/** The hook's runners: `run`/`send` of useActionMutation (useStepUpAction, the form hook), and the read hook. */
const runners = new Set(["run", "send", "useActionQuery"]);

type Finding = { file: string; line: number; text: string };

/** Every reference to an imported server action in `source` that does not reach the hook as the body of a runner's arrow. */
function actionCallsOutsideTheHook(file: string, source: string): Finding[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const isClient = sf.statements.some(
    (statement) =>
      ts.isExpressionStatement(statement) && ts.isStringLiteral(statement.expression) && statement.expression.text === "use client",
  );
  const actions = new Set<string>();
  for (const statement of sf.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    if (!statement.moduleSpecifier.text.startsWith("@/lib/actions/")) continue;
    const clause = statement.importClause;
    if (!clause || clause.isTypeOnly) continue;
    if (clause.name) actions.add(clause.name.text);
    if (clause.namedBindings && ts.isNamedImports(clause.namedBindings))
      for (const element of clause.namedBindings.elements) if (!element.isTypeOnly) actions.add(element.name.text);
    if (clause.namedBindings && ts.isNamespaceImport(clause.namedBindings)) actions.add(clause.namedBindings.name.text);
  }
  if (!isClient || actions.size === 0) return [];

  const findings: Finding[] = [];
  const handedToTheHook = (reference: ts.Identifier): boolean => {
    const call = reference.parent;
    if (!ts.isCallExpression(call) || call.expression !== reference) return false;
    // () => action(input), or a block whose last statement returns the call (after resetting state).
    const returned = ts.isReturnStatement(call.parent) ? call.parent : undefined;
    const block = returned?.parent;
    const lastReturns = returned && block && ts.isBlock(block) && block.statements.at(-1) === returned;
    const arrow = lastReturns ? block.parent : call.parent;
    if (!ts.isArrowFunction(arrow) || (arrow.body !== call && !lastReturns)) return false;
    const holder = arrow.parent;
    // run(() => action(input), …) / mutation.send(() => …)
    if (ts.isCallExpression(holder) && holder.arguments.includes(arrow)) {
      const callee = holder.expression;
      const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : "";
      return runners.has(name);
    }
    // useActionForm({ action: (values) => action(values), … })
    if (ts.isPropertyAssignment(holder) && ts.isIdentifier(holder.name) && holder.name.text === "action") {
      const options = holder.parent;
      const hook = options.parent;
      return (
        ts.isObjectLiteralExpression(options) &&
        ts.isCallExpression(hook) &&
        ts.isIdentifier(hook.expression) &&
        hook.expression.text === "useActionForm"
      );
    }
    return false;
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node)) return;
    // `typeof someAction` names its type, it calls nothing.
    if (ts.isTypeQueryNode(node)) return;
    if (ts.isIdentifier(node) && actions.has(node.text) && !handedToTheHook(node)) {
      const { line } = sf.getLineAndCharacterOfPosition(node.getStart(sf));
      findings.push({ file, line: line + 1, text: node.parent.getText(sf).split("\n")[0]! });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return findings;
}

const componentFiles = () =>
  readdirSync(path.join(root, "components"), { recursive: true, encoding: "utf8" })
    .filter((name) => /\.tsx?$/.test(name) && !name.endsWith(".test.ts"))
    .map((name) => `components/${name.split(path.sep).join("/")}`);

describe("client components call server actions only through the mutation hook", () => {
  it("finds no call outside it in components/", () => {
    const findings = componentFiles()
      .filter((file) => !exempt.has(file))
      .flatMap((file) => actionCallsOutsideTheHook(file, readFileSync(path.join(root, file), "utf8")));
    expect(findings).toEqual([]);
  });

  it("sees the files it is meant to see (the rule is not vacuous)", () => {
    const handing = componentFiles().filter((file) => readFileSync(path.join(root, file), "utf8").includes('from "@/lib/actions/'));
    expect(handing.length).toBeGreaterThan(20);
  });

  const header = `"use client";\nimport { saveThingAction } from "@/lib/actions/save-thing-action";\n`;

  it("accepts a call handed to run, send or the form hook's action", () => {
    const good = `${header}export function A() {
      const m = useActionMutation({ t });
      const f = useActionForm({ t, defaultValues: {}, action: (values) => saveThingAction(values) });
      const g = useActionForm({ t, defaultValues: {}, action: (values) => { setShown(undefined); return saveThingAction(values); } });
      const q = useActionQuery(["thing"], () => saveThingAction({}), { refetchInterval: 1_000 });
      let typed: Awaited<ReturnType<typeof saveThingAction>> | undefined;
      return <button onClick={() => m.run(() => saveThingAction({ id: 1 }), { success: "ok" })} onBlur={() => void f.send(() => saveThingAction({}))} />;
    }`;
    expect(actionCallsOutsideTheHook("components/x/good.tsx", good)).toEqual([]);
  });

  it("refuses a bare call in a transition, an awaited call in a handler, and passing the action around", () => {
    const bad = `${header}export function B() {
      const [pending, startTransition] = useTransition();
      const a = () => startTransition(async () => { const result = await saveThingAction({ id: 1 }); });
      const b = async () => { await saveThingAction({}); };
      const c = () => run(async () => { const r = await saveThingAction({}); return r; });
      const d = useActionForm({ action: saveThingAction });
      const e = other(() => saveThingAction({}));
      return null;
    }`;
    expect(actionCallsOutsideTheHook("components/x/bad.tsx", bad).map((finding) => finding.line)).toEqual([5, 6, 7, 8, 9]);
  });

  it("leaves server components and type-only imports alone", () => {
    const server = `import { saveThingAction } from "@/lib/actions/save-thing-action";\nexport const F = () => <form action={saveThingAction} />;`;
    const typeOnly = `"use client";\nimport type { ActionResult } from "@/lib/actions/operator-action";\nconst x: ActionResult<1> | null = null;`;
    expect(actionCallsOutsideTheHook("components/x/server.tsx", server)).toEqual([]);
    expect(actionCallsOutsideTheHook("components/x/type.tsx", typeOnly)).toEqual([]);
  });
});
