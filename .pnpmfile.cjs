// A packed package (@petstore/client, @petstore/trpc-client) is for installing, not developing:
// its devDependencies name private workspace packages that have no version to publish.
module.exports = {
  hooks: {
    beforePacking(pkg) {
      delete pkg.devDependencies;
      delete pkg.scripts;
      return pkg;
    },
  },
};
