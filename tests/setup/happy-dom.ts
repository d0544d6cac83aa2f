/** bun test preload: a DOM (happy-dom) for component tests. Server tests use app.request(), not sockets. */
import { GlobalRegistrator } from "@happy-dom/global-registrator";

GlobalRegistrator.register({ url: "http://localhost:3000/" });
