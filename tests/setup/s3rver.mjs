// An S3-compatible server for the tests (s3rver, an independent implementation of S3's HTTP API), run by
// Node: s3rver's continuation tokens use DES, which needs Node's --openssl-legacy-provider and is not in
// Bun. Arguments: <folder> <bucket>. Prints {"port":…} once it listens; stops when its parent closes stdin.
import S3rver from "s3rver";

const [directory, bucket] = process.argv.slice(2);
const server = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory, configureBuckets: [{ name: bucket }] });
const { port } = await server.run();
process.stdout.write(`${JSON.stringify({ port })}\n`);
process.stdin.resume();
process.stdin.on("end", () => server.close().then(() => process.exit(0)));
