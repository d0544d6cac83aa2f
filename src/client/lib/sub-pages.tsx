/**
 * An area's own sub-pages, below the nested route that mounts it (admin-routes.tsx, student-routes.tsx):
 * /student/exams/admit-card, /admin/courses/<id>/assignments/<id> … One table, path → what it shows, for
 * each area instead of a hand-written <Switch>.
 */
import type { ReactNode } from "react";
import { Redirect, Route, type StringRouteParams, Switch } from "wouter";

/** Each path's page, given the path's parameters (typed from the path: "/:id" gives `{ id }`). */
/** Paths start with "/": the table's order is its keys' order, which a key that reads as a whole number would break. */
export type SubPageTable<Path extends `/${string}`> = { [P in Path]: (params: StringRouteParams<P>) => ReactNode };

/**
 * The first path that matches the address wins, in the order the table is written (a path's keys keep their
 * order). An address that matches none (an old bookmark, a typo such as /admin/fees/plans) goes back to the
 * area's first page ("/"): it showed nothing at all, between the top bar and the footer, where no area says so.
 */
export function SubPages<Path extends `/${string}`>({ pages }: { pages: SubPageTable<Path> }) {
  const routes: [string, (params: StringRouteParams<string>) => ReactNode][] = Object.entries(pages);
  return (
    <Switch>
      {routes.map(([path, page]) => (
        <Route key={path} path={path}>
          {(params) => page(params)}
        </Route>
      ))}
      <Route>
        <Redirect to="/" replace />
      </Route>
    </Switch>
  );
}
