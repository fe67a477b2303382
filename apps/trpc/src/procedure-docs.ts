import { STABILITY_NOTES, sunsetDay, type Operation } from '@petstore/domain';
import { PROCEDURE_TEXT } from './pets-router.js';
import { PROCEDURE_TABLE } from './procedures.js';

/** A procedure's JSDoc lines: its own words and the scope it needs, then its stability and deprecation tags, from the catalogue. */
function jsDocLines(text: string, operation: Operation): string[] {
  const { scope, stability, deprecation } = operation;
  return [
    `${text}${scope === undefined ? '' : ` Needs the \`${scope}\` scope.`}`,
    ...(stability === 'stable' ? [] : [`@${stability} ${STABILITY_NOTES[stability]}`]),
    ...(deprecation
      ? [`@deprecated Removed on ${sunsetDay(deprecation)} (answers \`gone\` from then on). Instead, ${deprecation.replacement}.`]
      : []),
  ];
}

function jsDoc(lines: string[]): string {
  return lines.length === 1 ? `  /** ${lines[0] ?? ''} */` : ['  /**', ...lines.map((line) => `   * ${line}`), '   */'].join('\n');
}

/**
 * src/pets-procedures.ts: the pet procedures under their names, each with the JSDoc the tRPC
 * client's users read in their editor (its declaration files keep it), made from PROCEDURE_TEXT
 * and the catalogue so that no scope, stability or deprecation is typed by hand.
 */
export function petsProceduresSource(): string {
  const entries = Object.entries(PROCEDURE_TEXT).map(([name, text]) => {
    const operation = PROCEDURE_TABLE.operationOf(`pets.${name}`);
    if (!operation) throw new Error(`pets.${name} is not in the procedure table`);
    return `${jsDoc(jsDocLines(text, operation))}\n  ${name}: bodies.${name},`;
  });
  return [
    '// Written by pets-procedures.test.ts from PROCEDURE_TEXT (pets-router.ts) and the operation catalogue; do not edit.',
    "import { petsProcedureBodies as bodies } from './pets-router.js';",
    "import { router } from './trpc.js';",
    '',
    '/**',
    " * The pet procedures as a plain record, before `router()` binds them to the server's context:",
    " * its declared type names only inputs, outputs and the error shape (and keeps each procedure's",
    " * JSDoc), so the client's router type is written from it without any server type. A call without",
    ' * the scope is refused `FORBIDDEN` (403, `data.domainCode: "forbidden"`), and so is its whole batch.',
    ' */',
    'export const petsProcedures = {',
    entries.join('\n\n'),
    '};',
    '',
    'export const petsRouter = router(petsProcedures);',
    '',
  ].join('\n');
}
