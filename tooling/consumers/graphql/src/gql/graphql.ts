/* eslint-disable */
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
export type Maybe<T> = T | null;
export type InputMaybe<T> = T | null | undefined;
export type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
export type MakeOptional<T, K extends keyof T> = Omit<T, K> & { [SubKey in K]?: Maybe<T[SubKey]> };
export type MakeMaybe<T, K extends keyof T> = Omit<T, K> & { [SubKey in K]: Maybe<T[SubKey]> };
export type MakeEmpty<T extends { [key: string]: unknown }, K extends keyof T> = { [_ in K]?: never };
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
/** All built-in and custom scalars, mapped to their actual values */
export type Scalars = {
  ID: { input: string; output: string; }
  String: { input: string; output: string; }
  Boolean: { input: boolean; output: boolean; }
  Int: { input: number; output: number; }
  Float: { input: number; output: number; }
};

/** Changing the catalogue. */
export type Mutation = {
  __typename?: 'Mutation';
  /** Adds an animal; the store assigns its id. Needs the `pets:write` scope. */
  addPet: Pet;
};


/** Changing the catalogue. */
export type MutationAddPetArgs = {
  input: NewPetInput;
};

/** An animal to add to the catalogue. */
export type NewPetInput = {
  /** Identifier of the animal's category: any int64 (-9223372036854775808 to 9223372036854775807), as a string of decimal digits. */
  categoryId: Scalars['ID']['input'];
  /** The animal's name: 1 to 200 characters, not all blank, well-formed Unicode without control characters. */
  name: Scalars['String']['input'];
  /** Availability of the animal; null or absent leaves it unset. */
  status?: InputMaybe<PetStatus>;
};

/** An animal offered by the store. */
export type Pet = {
  __typename?: 'Pet';
  /** Identifier of the category the animal belongs to: any int64 (-9223372036854775808 to 9223372036854775807), sent as a string of its exact digits. */
  categoryId: Scalars['ID']['output'];
  /** Unique identifier assigned by the store from 1 up: an int64 (always within 1 to 9007199254740991), sent as a string. */
  id: Scalars['ID']['output'];
  /** The animal's name. */
  name: Scalars['String']['output'];
  /** Availability of the animal; null when none was given. */
  status?: Maybe<PetStatus>;
};

/** One page of animals, ordered by id, with a cursor to the next page. */
export type PetPage = {
  __typename?: 'PetPage';
  /** Opaque cursor to pass as `after` for the next page; null on the last page. */
  nextCursor?: Maybe<Scalars['String']['output']>;
  /** The animals on this page, ordered by id. */
  pets: Array<Pet>;
};

/** Whether an animal can be bought. */
export type PetStatus =
  /** The animal is offered for sale. */
  | 'AVAILABLE'
  /** A sale of the animal is in progress. */
  | 'PENDING'
  /** The animal has been sold. */
  | 'SOLD';

/** Reading the catalogue. */
export type Query = {
  __typename?: 'Query';
  /**
   * One animal by its id, or null when no animal has it. Needs the `pets:read` scope.
   * @deprecated Removed on 2030-12-05. Instead, list pets with a status filter.
   */
  pet?: Maybe<Pet>;
  /** Animals ordered by id, optionally filtered by status. Needs the `pets:read` scope. */
  pets: Array<Pet>;
  /** Animals ordered by id, like `pets`, plus an opaque cursor for `pets(after:)` or `petsPage(after:)`. Needs the `pets:read` scope. */
  petsPage: PetPage;
};


/** Reading the catalogue. */
export type QueryPetArgs = {
  id: Scalars['ID']['input'];
};


/** Reading the catalogue. */
export type QueryPetsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  status?: InputMaybe<PetStatus>;
};


/** Reading the catalogue. */
export type QueryPetsPageArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  status?: InputMaybe<PetStatus>;
};

export type AvailablePetsQueryVariables = Exact<{
  limit?: InputMaybe<Scalars['Int']['input']>;
}>;


export type AvailablePetsQuery = { __typename?: 'Query', petsPage: { __typename?: 'PetPage', nextCursor?: string | null, pets: Array<{ __typename?: 'Pet', id: string, name: string, status?: PetStatus | null }> } };

export type AddPetMutationVariables = Exact<{
  input: NewPetInput;
}>;


export type AddPetMutation = { __typename?: 'Mutation', addPet: { __typename?: 'Pet', id: string, name: string, status?: PetStatus | null } };

export type PetByIdQueryVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type PetByIdQuery = { __typename?: 'Query', pet?: { __typename?: 'Pet', id: string, name: string } | null };


export const AvailablePetsDocument = {"__meta__":{"hash":"sha256:dd8f275bed73a5f88283acae0b389e29fd2d0676a4c53651ce8815cd2a7cb9e3"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"AvailablePets"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"petsPage"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}},{"kind":"Argument","name":{"kind":"Name","value":"status"},"value":{"kind":"EnumValue","value":"AVAILABLE"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"pets"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}},{"kind":"Field","name":{"kind":"Name","value":"nextCursor"}}]}}]}}]} as unknown as DocumentNode<AvailablePetsQuery, AvailablePetsQueryVariables>;
export const AddPetDocument = {"__meta__":{"hash":"sha256:cc5e4e654ced273050217f9be27c5af80ca4809829da0543a8dafac56bace354"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AddPet"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"NewPetInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"addPet"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]} as unknown as DocumentNode<AddPetMutation, AddPetMutationVariables>;
export const PetByIdDocument = {"__meta__":{"hash":"sha256:03f7fc533c921f1089f252820d1096388a750909553010189aa6376ab83127e5"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"PetById"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"pet"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]} as unknown as DocumentNode<PetByIdQuery, PetByIdQueryVariables>;