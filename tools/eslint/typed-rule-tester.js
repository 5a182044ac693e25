// A RuleTester for the portal's type-aware rules, wired to vitest: the parser gets a program from the
// fixtures' tsconfig (tools/eslint/fixtures), and each case's code replaces its file in it.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, it } from 'vitest';

RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
// The first case builds the fixture's program, which takes seconds on a loaded machine.
const typedCaseTimeout = 60_000;
RuleTester.it = (name, run) => it(name, run, typedCaseTimeout);
RuleTester.itOnly = (name, run) => it.only(name, run, typedCaseTimeout);

export const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');

export const typedRuleTester = () =>
  new RuleTester({
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: { project: './tsconfig.json', tsconfigRootDir: fixtures },
    },
  });
