import type { GraphQLResolveInfo } from 'graphql';
import type { PetStatus as PetStatusModel, Pet as PetModel, PetPage as PetPageModel } from '@petstore/domain';
import type { GraphqlContext } from '../context.js';
export type Maybe<T> = T | null;
export type InputMaybe<T> = Maybe<T>;
export type RequireFields<T, K extends keyof T> = Omit<T, K> & { [P in K]-?: NonNullable<T[P]> };
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
  status: Maybe<PetStatus>;
};

/** One page of animals, ordered by id, with a cursor to the next page. */
export type PetPage = {
  __typename?: 'PetPage';
  /** Opaque cursor to pass as `after` for the next page; null on the last page. */
  nextCursor: Maybe<Scalars['String']['output']>;
  /** The animals on this page, ordered by id. */
  pets: Array<Pet>;
};

/** Whether an animal can be bought. */
export type PetStatus =
  /** The animal is offered for sale. */
  | 'available'
  /** A sale of the animal is in progress. */
  | 'pending'
  /** The animal has been sold. */
  | 'sold';

/** Reading the catalogue. */
export type Query = {
  __typename?: 'Query';
  /**
   * One animal by its id, or null when no animal has it. Needs the `pets:read` scope.
   * @deprecated Removed on 2030-12-05. Instead, list pets with a status filter.
   */
  pet: Maybe<Pet>;
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



export type ResolverTypeWrapper<T> = Promise<T> | T;


export type ResolverWithResolve<TResult, TParent, TContext, TArgs> = {
  resolve: ResolverFn<TResult, TParent, TContext, TArgs>;
};
export type Resolver<TResult, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> = ResolverFn<TResult, TParent, TContext, TArgs> | ResolverWithResolve<TResult, TParent, TContext, TArgs>;

export type ResolverFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => Promise<TResult> | TResult;

export type SubscriptionSubscribeFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => AsyncIterable<TResult> | Promise<AsyncIterable<TResult>>;

export type SubscriptionResolveFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => TResult | Promise<TResult>;

export interface SubscriptionSubscriberObject<TResult, TKey extends string, TParent, TContext, TArgs> {
  subscribe: SubscriptionSubscribeFn<{ [key in TKey]: TResult }, TParent, TContext, TArgs>;
  resolve?: SubscriptionResolveFn<TResult, { [key in TKey]: TResult }, TContext, TArgs>;
}

export interface SubscriptionResolverObject<TResult, TParent, TContext, TArgs> {
  subscribe: SubscriptionSubscribeFn<any, TParent, TContext, TArgs>;
  resolve: SubscriptionResolveFn<TResult, any, TContext, TArgs>;
}

export type SubscriptionObject<TResult, TKey extends string, TParent, TContext, TArgs> =
  | SubscriptionSubscriberObject<TResult, TKey, TParent, TContext, TArgs>
  | SubscriptionResolverObject<TResult, TParent, TContext, TArgs>;

export type SubscriptionResolver<TResult, TKey extends string, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> =
  | ((...args: any[]) => SubscriptionObject<TResult, TKey, TParent, TContext, TArgs>)
  | SubscriptionObject<TResult, TKey, TParent, TContext, TArgs>;

export type TypeResolveFn<TTypes, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>> = (
  parent: TParent,
  context: TContext,
  info: GraphQLResolveInfo
) => Maybe<TTypes> | Promise<Maybe<TTypes>>;

export type IsTypeOfResolverFn<T = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>> = (obj: T, context: TContext, info: GraphQLResolveInfo) => boolean | Promise<boolean>;

export type NextResolverFn<T> = () => Promise<T>;

export type DirectiveResolverFn<TResult = Record<PropertyKey, never>, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> = (
  next: NextResolverFn<TResult>,
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => TResult | Promise<TResult>;





/** Mapping between all available schema types and the resolvers types */
export type ResolversTypes = {
  Boolean: ResolverTypeWrapper<Scalars['Boolean']['output']>;
  ID: ResolverTypeWrapper<Scalars['ID']['output']>;
  Int: ResolverTypeWrapper<Scalars['Int']['output']>;
  Mutation: ResolverTypeWrapper<Record<PropertyKey, never>>;
  NewPetInput: NewPetInput;
  Pet: ResolverTypeWrapper<PetModel>;
  PetPage: ResolverTypeWrapper<PetPageModel>;
  PetStatus: ResolverTypeWrapper<PetStatusModel>;
  Query: ResolverTypeWrapper<Record<PropertyKey, never>>;
  String: ResolverTypeWrapper<Scalars['String']['output']>;
};

/** Mapping between all available schema types and the resolvers parents */
export type ResolversParentTypes = {
  Boolean: Scalars['Boolean']['output'];
  ID: Scalars['ID']['output'];
  Int: Scalars['Int']['output'];
  Mutation: Record<PropertyKey, never>;
  NewPetInput: NewPetInput;
  Pet: PetModel;
  PetPage: PetPageModel;
  Query: Record<PropertyKey, never>;
  String: Scalars['String']['output'];
};

export type MutationResolvers<ContextType = GraphqlContext, ParentType extends ResolversParentTypes['Mutation'] = ResolversParentTypes['Mutation']> = {
  addPet: Resolver<ResolversTypes['Pet'], ParentType, ContextType, RequireFields<MutationAddPetArgs, 'input'>>;
};

export type PetResolvers<ContextType = GraphqlContext, ParentType extends ResolversParentTypes['Pet'] = ResolversParentTypes['Pet']> = {
  categoryId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  status?: Resolver<Maybe<ResolversTypes['PetStatus']>, ParentType, ContextType>;
};

export type PetPageResolvers<ContextType = GraphqlContext, ParentType extends ResolversParentTypes['PetPage'] = ResolversParentTypes['PetPage']> = {
  nextCursor?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  pets?: Resolver<Array<ResolversTypes['Pet']>, ParentType, ContextType>;
};

export type PetStatusResolvers = { AVAILABLE: 'available', PENDING: 'pending', SOLD: 'sold' };

export type QueryResolvers<ContextType = GraphqlContext, ParentType extends ResolversParentTypes['Query'] = ResolversParentTypes['Query']> = {
  pet: Resolver<Maybe<ResolversTypes['Pet']>, ParentType, ContextType, RequireFields<QueryPetArgs, 'id'>>;
  pets: Resolver<Array<ResolversTypes['Pet']>, ParentType, ContextType, RequireFields<QueryPetsArgs, 'limit'>>;
  petsPage: Resolver<ResolversTypes['PetPage'], ParentType, ContextType, RequireFields<QueryPetsPageArgs, 'limit'>>;
};

export type Resolvers<ContextType = GraphqlContext> = {
  Mutation?: MutationResolvers<ContextType>;
  Pet?: PetResolvers<ContextType>;
  PetPage?: PetPageResolvers<ContextType>;
  PetStatus?: PetStatusResolvers;
  Query?: QueryResolvers<ContextType>;
};

