export const USAGE = `petstore: manage the accounts and API keys of the pet store service

Usage:
  petstore accounts create --name <name>       create an account and print its id
  petstore keys create --account <accountId>   issue an API key (shown once, never again)
  petstore keys list --account <accountId>     list an account's keys (prefixes, never the keys)
  petstore keys revoke <keyId>                 revoke a key; requests using it then fail with 401
  petstore --help                              show this help

Options:
  --json       print machine-readable JSON (errors go to stderr as {"error":{code,message}})
  -h, --help   show this help

Environment:
  MONGODB_URI  connection string of the service's MongoDB database (required)
  MONGODB_DB   database name (default: petstore)

Exit status: 0 done; 1 failed (unknown account or key, database unavailable); 2 bad usage or configuration.`;
