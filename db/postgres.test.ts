import { describe, expect, test } from "bun:test";
import { pgEnvOf } from "./postgres.ts";

describe("pg_dump's connection, from DATABASE_URL", () => {
  test("the address's host, port, user, password, database and sslmode", () => {
    expect(pgEnvOf("postgres://institute:s%40cret@db.example.org:5433/institute?sslmode=require")).toEqual({
      PGHOST: "db.example.org",
      PGPORT: "5433",
      PGDATABASE: "institute",
      PGUSER: "institute",
      PGPASSWORD: "s@cret",
      PGSSLMODE: "require",
    });
    expect(pgEnvOf("postgres://institute@localhost/institute").PGPORT).toBe("5432");
  });

  test("a socket folder and port in the query win, as the server's driver reads them (walk 15a)", () => {
    const env = pgEnvOf("postgres://institute@localhost/institute?host=/run/postgresql&port=5442");
    expect(env).toMatchObject({ PGHOST: "/run/postgresql", PGPORT: "5442", PGDATABASE: "institute", PGUSER: "institute" });
  });
});
