import { readFileSync } from 'node:fs';
import type { Stability } from '@petstore/domain';
import { disagreementsWithCatalogue, type PublishedOperation } from '@petstore/testing';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { PROCEDURE_TABLE } from './procedures.js';

/** Where the procedures' JSDoc is written; the tRPC client's declarations carry it as it is. */
const SOURCE = new URL('./pets-router.ts', import.meta.url);

/** The JSDoc of each procedure of `petsProcedures`, by path, as an editor shows it to the client's users. */
function proceduresJsDoc(text: string): PublishedOperation[] {
  const file = ts.createSourceFile('pets-router.ts', text, ts.ScriptTarget.Latest, true);
  const published: PublishedOperation[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isVariableDeclaration(node) &&
      node.name.getText() === 'petsProcedures' &&
      node.initializer &&
      ts.isObjectLiteralExpression(node.initializer)
    ) {
      for (const property of node.initializer.properties) published.push(publishedOf(property));
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return published;
}

function publishedOf(property: ts.ObjectLiteralElementLike): PublishedOperation {
  const docs = ts.getJSDocCommentsAndTags(property).filter(ts.isJSDoc);
  const comment = docs.map((doc) => ts.getTextOfJSDocComment(doc.comment) ?? '').join('\n');
  const tags = docs.flatMap((doc) => doc.tags ?? []);
  const tagged = (name: string) => tags.find((tag) => tag.tagName.text === name);
  const deprecated = tagged('deprecated');
  const stability: Stability = tagged('experimental') ? 'experimental' : tagged('beta') ? 'beta' : 'stable';
  return {
    name: `pets.${property.name?.getText() ?? ''}`,
    scopes: [...comment.matchAll(/Needs the `([^`]+)` scope\./g)].map((match) => match[1] ?? ''),
    deprecated: deprecated !== undefined,
    removal: deprecated ? (ts.getTextOfJSDocComment(deprecated.comment) ?? '') : '',
    stability: { 'JSDoc tags': stability },
  };
}

describe("the tRPC procedures' JSDoc and the operation catalogue", () => {
  it('says of every procedure what the catalogue says of its operation: the scope, @deprecated with the sunset day, @beta or @experimental', () => {
    const published = proceduresJsDoc(readFileSync(SOURCE, 'utf8'));
    const document = "apps/trpc/src/pets-router.ts (the tRPC client's JSDoc)";
    expect(
      disagreementsWithCatalogue({ document, names: Object.keys(PROCEDURE_TABLE.names), operationOf: PROCEDURE_TABLE.operationOf, published }),
    ).toEqual([]);
  });

  it('reads a stability tag where a procedure has one', () => {
    const [preview] = proceduresJsDoc(
      'export const petsProcedures = {\n  /**\n   * Needs the `pets:read` scope.\n   * @beta\n   */\n  preview: procedure,\n};',
    );
    expect(preview).toMatchObject({ name: 'pets.preview', scopes: ['pets:read'], deprecated: false, stability: { 'JSDoc tags': 'beta' } });
  });
});
