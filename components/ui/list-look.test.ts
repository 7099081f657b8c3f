// A list's chosen columns (components/ui/list-look.tsx): the shown columns' headers and a row's
// cells in the order `?cols=` gives, the density, what links keep, and the Columns control's query
// and hint.
import { type ComponentProps, createElement, type ReactElement, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { cellLooks, DataTable } from "@/components/ui/data-table";
import { listLook } from "@/components/ui/list-look";
import { dictionaries } from "@/lib/i18n/messages";

const all = ["email", "role", "created"] as const;
const names = { email: "E-mail", role: "Role", created: "Created" };
const cells = {
  email: (row: { id: string }) => createElement("td", null, `mail ${row.id}`),
  role: (row: { id: string }) => createElement("td", null, `role ${row.id}`),
  created: (row: { id: string }) => createElement("td", null, `at ${row.id}`),
};
const rowMarkup = (children: ReactNode) =>
  renderToStaticMarkup(createElement("table", null, createElement("tbody", null, createElement("tr", null, children))));

describe("a list's chosen columns", () => {
  it("gives every column in the usual order by default, and keeps nothing", () => {
    const look = listLook(all, names, {});
    expect(look.pairs).toEqual([
      ["email", "E-mail"],
      ["role", "Role"],
      ["created", "Created"],
    ]);
    expect(look.kept).toEqual({});
    expect(rowMarkup(look.cells({ id: "1" }, cells))).toContain("<td>mail 1</td><td>role 1</td><td>at 1</td>");
  });

  it("gives the chosen columns' headers and cells in the chosen order, compact, for the page and a live table", () => {
    const look = listLook(all, names, { cols: ["created.email", "role"], density: "compact" });
    expect(look.pairs).toEqual([
      ["created", "Created"],
      ["email", "E-mail"],
    ]);
    expect(rowMarkup(look.cells({ id: "2" }, cells))).toContain("<tr><td>at 2</td><td>mail 2</td></tr>");
    expect(look.forClient()).toEqual({
      columns: ["created", "email"],
      names,
      density: "compact",
      kept: { cols: "created.email", density: "compact" },
    });
  });

  it("gives the Columns control the rest of the query (empty values left out) and a hint naming the fixed columns", () => {
    const t = dictionaries["pt-BR"];
    const look = listLook(all, names, { cols: "role" });
    const control = (hint: Parameters<typeof look.menu>[0]["hint"]) =>
      (
        look.menu({ path: "/operators", query: { sort: "name", q: "", cursor: undefined }, hint, t, testId: "x" }).props as {
          children: ReactElement;
        }
      ).children.props as { baseQuery: string; hint: string; columns: string[]; all: readonly string[] };
    expect(control("Own words")).toMatchObject({ baseQuery: "sort=name", hint: "Own words", columns: ["role"], all });
    expect(control({ first: "Nome" }).hint).toBe(
      "“Nome” é sempre a primeira coluna. No celular cada linha é um cartão com os mesmos campos.",
    );
    expect(control({ first: "Nome", last: "Ações" }).hint).toContain("“Nome” é sempre a primeira coluna e “Ações” a última.");
  });

  it("gives a column's cells their look from one rule on the table, for every look and place the stylesheet generates", () => {
    const markup = renderToStaticMarkup(
      createElement(
        DataTable,
        {
          caption: "Deliveries",
          columns: [
            { key: "at", name: "At", look: ["nowrap"] },
            { key: "note", name: "Note" },
            { key: "id", name: "Id", look: ["id"] },
          ],
        } as ComponentProps<typeof DataTable>,
        createElement("tr", null, createElement("td", null, "1"), createElement("td", null, "2"), createElement("td", null, "3")),
      ),
    );
    expect(markup).toMatch(
      /class="stacked-table [^"]* \[&amp;_td:nth-child\(1\)\]:whitespace-nowrap \[&amp;_td:nth-child\(3\)\]:font-mono \[&amp;_td:nth-child\(3\)\]:text-xs"/,
    );
    expect(markup).toContain("<td>1</td><td>2</td><td>3</td>");
    // The rules are written from the column's place, so Tailwind only makes them from app/globals.css's list.
    const generated = /@source inline\("\[&_td:nth-child\(\{1\.\.8\}\)\]:\{([^}]*)\}"\)/.exec(readFileSync("app/globals.css", "utf8"));
    expect(generated?.[1]?.split(",")).toEqual(expect.arrayContaining(Object.values(cellLooks).flat()));
  });

  it("keys each chosen cell itself, with no fragment around it (a wrapper per cell in the page's payload)", () => {
    const look = listLook(all, names, { cols: "role.created" });
    const row = look.cells({ id: "3" }, cells) as ReactElement[];
    expect(row.map((cell) => [cell.type, cell.key])).toEqual([
      ["td", "role"],
      ["td", "created"],
    ]);
    // A cell function that returns something else than one element still gets its key (on a fragment).
    const loose = look.cells({ id: "4" }, { ...cells, role: () => "plain" }) as ReactElement[];
    expect(loose.map((cell) => cell.key)).toEqual(["role", "created"]);
    expect(rowMarkup(loose)).toContain("<tr>plain<td>at 4</td></tr>");
  });
});
