import { STABILITY_NOTES, sunsetDay, type Operation } from '@petstore/domain';
import { Kind, parse, print, visit, type ConstDirectiveNode, type FieldDefinitionNode } from 'graphql';
import { ROOT_FIELDS } from './analysis/root-field-operations.js';

/** What the catalogue says of a root field's operation in its description: the scope a key needs, and how settled it is. */
function notes(operation: Operation): string {
  const scope = operation.scope === undefined ? '' : ` Needs the \`${operation.scope}\` scope.`;
  const stability = operation.stability === 'stable' ? '' : `\n\n${STABILITY_NOTES[operation.stability]}`;
  return `${scope}${stability}`;
}

/** `@deprecated`, with the reason every door gives: the day it is removed, and what to do instead. */
function deprecated(operation: Operation): ConstDirectiveNode[] {
  const { deprecation } = operation;
  if (!deprecation) return [];
  const reason = `Removed on ${sunsetDay(deprecation)}. Instead, ${deprecation.replacement}.`;
  return [
    {
      kind: Kind.DIRECTIVE,
      name: { kind: Kind.NAME, value: 'deprecated' },
      arguments: [{ kind: Kind.ARGUMENT, name: { kind: Kind.NAME, value: 'reason' }, value: { kind: Kind.STRING, value: reason } }],
    },
  ];
}

/**
 * The published SDL (src/schema.graphql): the schema as written in src/pets.graphql, each root
 * field's description and `@deprecated` completed from its catalogue operation, so that no scope,
 * stability or deprecation is typed by hand. Root fields are found by the door's table
 * (`Query.pets`), whose keys the generated resolver types check.
 */
export function publishedSdl(source: string): string {
  let rootType = '';
  const document = visit(parse(source), {
    ObjectTypeDefinition: { enter: (node) => void (rootType = node.name.value), leave: () => void (rootType = '') },
    FieldDefinition: (node): FieldDefinitionNode | undefined => {
      const operation = ROOT_FIELDS.operationOf(`${rootType}.${node.name.value}`);
      if (!operation) return undefined;
      const description = `${node.description?.value ?? ''}${notes(operation)}`;
      return {
        ...node,
        description: { kind: Kind.STRING, value: description, block: node.description?.block ?? false },
        directives: [...(node.directives ?? []), ...deprecated(operation)],
      };
    },
  });
  return `${print(document)}\n`;
}
