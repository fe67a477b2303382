/**
 * The Standard Schema v1 shape (https://standardschema.dev) that tRPC reads an input type from.
 * Written out here because neither zod nor tRPC exports the type publicly.
 */
export interface ServiceCheckedInput<TInput> {
  readonly '~standard': {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (value: unknown) => { readonly value: unknown };
    readonly types?: { readonly input: TInput; readonly output: unknown };
  };
}

/**
 * An input parser that lets every value through and only tells clients the type to send.
 * PetService validates each input against the domain schemas. That gives one source for the
 * bounds and for messages that name the field ("limit: must be an integer from 1 to 100").
 * Validating here as well would answer first, in tRPC's wording. The procedure therefore
 * receives `unknown`, because nothing has been checked yet.
 */
export function serviceCheckedInput<TInput>(): ServiceCheckedInput<TInput> {
  return { '~standard': { version: 1, vendor: 'petstore', validate: (value) => ({ value }) } };
}
