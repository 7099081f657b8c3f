// Every relative link in README.md, CONTRIBUTING.md and docs/**/*.md must resolve: the file or
// folder exists inside the repository, and a #anchor names a heading (GitHub's slug) or an explicit
// id in the Markdown file it points at. Web links (http:, mailto:…) are not fetched.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

const repositoryRoot = path.resolve(import.meta.dirname, "..");

/** The Markdown files whose links are checked, relative to `root`. */
function documentationFiles(root: string): string[] {
  const files = ["README.md", "CONTRIBUTING.md"].filter((file) => existsSync(path.join(root, file)));
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const relative = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(relative);
      else if (entry.name.endsWith(".md")) files.push(relative);
    }
  };
  if (existsSync(path.join(root, "docs"))) walk("docs");
  return files;
}

/** The text with fenced code blocks and inline code spans blanked out (links there are examples, not links). */
function withoutCode(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, "").replace(/`+[^`\n]*`+/g, "");
}

/**
 * GitHub's heading anchor: lower-case, drop every character that is not a letter, mark, digit,
 * connector (`_`), space or hyphen, spaces to hyphens; a repeated heading gets -1, -2… (the rule
 * github-slugger implements, written out here rather than adding a dependency for one line).
 */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  const text = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, "");
  for (const [, heading] of text.matchAll(/^#{1,6}[ \t]+(.+?)[ \t]*#*[ \t]*$/gm)) {
    const plain = heading!
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1") // a link or image in a heading keeps its text
      .replace(/<[^>]+>/g, "");
    const base = plain
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
      .replace(/ /g, "-");
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  for (const [, id] of markdown.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(id!);
  return anchors;
}

/** Link targets in a Markdown text: inline links and images, and reference definitions. */
function linkTargets(markdown: string): string[] {
  const text = withoutCode(markdown);
  const inline = [...text.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => match[1]!);
  const references = [...text.matchAll(/^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/gm)].map((match) => match[1]!);
  return [...inline, ...references];
}

/** "file: target (why)" for every relative link under `root` that does not resolve. */
function brokenDocumentationLinks(root: string): string[] {
  const problems: string[] = [];
  for (const file of documentationFiles(root)) {
    const source = readFileSync(path.join(root, file), "utf8");
    for (const target of linkTargets(source)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("//")) continue; // a web or mail link
      const [rawPath = "", anchor] = target.split("#", 2);
      const linkedPath = decodeURIComponent(rawPath.split("?")[0]!);
      const resolved = linkedPath === "" ? path.join(root, file) : path.resolve(path.dirname(path.join(root, file)), linkedPath);
      if (path.relative(root, resolved).startsWith("..")) {
        problems.push(`${file}: ${target} (outside the repository)`);
        continue;
      }
      if (!existsSync(resolved)) {
        problems.push(`${file}: ${target} (no such file or folder)`);
        continue;
      }
      if (anchor === undefined || !resolved.endsWith(".md") || statSync(resolved).isDirectory()) continue;
      if (!anchorsOf(readFileSync(resolved, "utf8")).has(anchor))
        problems.push(`${file}: ${target} (no heading or id "${anchor}" in ${path.relative(root, resolved)})`);
    }
  }
  return problems;
}

describe("documentation links", () => {
  it("every relative link and #anchor in README.md, CONTRIBUTING.md and docs/ resolves", () => {
    expect(brokenDocumentationLinks(repositoryRoot)).toEqual([]);
  });

  it("reports a missing file, a missing anchor and a link outside the repository, and accepts good ones", () => {
    const root = mkdtempSync(path.join(os.tmpdir(), "docs-links-"));
    try {
      writeFileSync(
        path.join(root, "README.md"),
        [
          "# Title",
          "## Settings (`lib/config.ts`)",
          "## Settings (`lib/config.ts`)",
          "[ok](#settings-libconfigts) [second](#settings-libconfigts-1) [web](https://example.com) [mail](mailto:a@b.c)",
          "[missing file](docs/nowhere.md) [missing anchor](#nowhere) [outside](../shared/DESIGN.md)",
          "`[in code](docs/ignored.md)`",
          "```sh",
          "[in a fence](docs/ignored.md)",
          "```",
        ].join("\n"),
      );
      expect(brokenDocumentationLinks(root)).toEqual([
        "README.md: docs/nowhere.md (no such file or folder)",
        'README.md: #nowhere (no heading or id "nowhere" in README.md)',
        "README.md: ../shared/DESIGN.md (outside the repository)",
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
