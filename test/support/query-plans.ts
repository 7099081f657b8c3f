// Reading PostgreSQL's EXPLAIN (FORMAT JSON) output in tests that pin a statement's plan.

type PlanNode = Record<string, unknown>;

/** Every node of an EXPLAIN (FORMAT JSON) plan, init plans and subplans included, parents first. */
export function planNodes(explained: unknown): PlanNode[] {
  const nodes: PlanNode[] = [];
  const walk = (node: PlanNode) => {
    nodes.push(node);
    for (const child of (node.Plans as PlanNode[] | undefined) ?? []) walk(child);
  };
  for (const entry of explained as Array<{ Plan: PlanNode }>) walk(entry.Plan);
  return nodes;
}
