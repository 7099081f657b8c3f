// The Dockerfile checked without a container runtime (none starts on our machines): the syntax by
// dockerfile-utils (the validator of the VS Code Docker extension), then the rules of hadolint that
// matter for this image, by their hadolint codes, on the instructions as dockerfile-ast parses them.
import { readFileSync } from "node:fs";
import path from "node:path";
import { DockerfileParser } from "dockerfile-ast";
import { validate } from "dockerfile-utils";
import { describe, expect, it } from "vitest";

const dockerfile = readFileSync(path.join(import.meta.dirname, "..", "Dockerfile"), "utf8");

/** The hadolint-style findings of a Dockerfile's text: "<code> line <n>: <why>". */
function lintDockerfile(text: string): string[] {
  const found = validate(text).map((diagnostic) => `syntax line ${diagnostic.range.start.line + 1}: ${diagnostic.message}`);
  const instructions = DockerfileParser.parse(text).getInstructions();
  const args = new Map<string, string>();
  let lastUser: string | undefined;
  let stages = 0;
  for (const instruction of instructions) {
    const keyword = instruction.getKeyword();
    const content = instruction.getArgumentsContent() ?? "";
    const line = instruction.getRange().start.line + 1;
    const at = (code: string, why: string) => found.push(`${code} line ${line}: ${why}`);
    if (keyword === "ARG") {
      const [name, value] = content.split("=", 2);
      if (name && value) args.set(name.trim(), value.trim());
    }
    if (keyword === "FROM") {
      stages += 1;
      lastUser = undefined;
      const image = content.split(/\s+/)[0]!.replace(/^\$\{?(\w+)\}?$/, (_, name: string) => args.get(name) ?? "");
      if (!image) at("DL3006", "the base image comes from an ARG without a default");
      else if (!image.includes("@sha256:") && (!image.includes(":") || image.endsWith(":latest")))
        at("DL3007", `the base image ${image} has no version tag`);
    }
    if (keyword === "RUN") {
      if (/apt-get install/.test(content)) {
        if (!/--no-install-recommends/.test(content)) at("DL3015", "apt-get install without --no-install-recommends");
        if (!/rm -rf \/var\/lib\/apt\/lists/.test(content)) at("DL3009", "the apt lists are left in the layer");
        const packages = content
          .split(/apt-get install/)[1]!
          .split(/&&|;/)[0]!
          .split(/\s+/)
          .filter((word) => word && !word.startsWith("-"));
        for (const name of packages) if (!name.includes("=")) at("DL3008", `apt package ${name} has no pinned version`);
      }
      if (/\|/.test(content.replace(/\|\|/g, "")) && !/set -o pipefail/.test(content)) at("DL4006", "a pipe without pipefail");
      if (/^\s*cd\s/.test(content)) at("DL3003", "cd in RUN (use WORKDIR)");
      if (/\bsudo\b/.test(content)) at("DL3004", "sudo in RUN");
    }
    if (keyword === "USER") lastUser = content.trim();
    if ((keyword === "CMD" || keyword === "ENTRYPOINT") && !content.trim().startsWith("[")) at("DL3025", `${keyword} in shell form`);
    if (keyword === "ADD" && !/^https?:/.test(content)) at("DL3020", "ADD for local files (use COPY)");
    if (keyword === "MAINTAINER") at("DL4000", "MAINTAINER is deprecated");
  }
  if (stages === 0) found.push("DL3061: no FROM");
  if (!lastUser || lastUser === "root" || lastUser === "0") found.push("DL3002: the final stage runs as root");
  if (!instructions.some((instruction) => instruction.getKeyword() === "HEALTHCHECK")) found.push("no HEALTHCHECK");
  return found;
}

describe("Dockerfile", () => {
  it("passes the syntax check and the hadolint rules", () => {
    expect(lintDockerfile(dockerfile)).toEqual([]);
  });

  it("would be refused with an unpinned package, root user, shell-form command or untagged base", () => {
    const bad = [
      "FROM node",
      "RUN apt-get update && apt-get install -y curl",
      "RUN cd /tmp && curl https://example.com | sh",
      "CMD node server.js",
    ].join("\n");
    const codes = lintDockerfile(bad).map((finding) => finding.split(" ")[0]);
    expect(codes).toEqual(expect.arrayContaining(["DL3007", "DL3015", "DL3009", "DL3008", "DL4006", "DL3003", "DL3025", "DL3002:", "no"]));
  });
});
