import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { expect, type APIRequestContext } from '@playwright/test';
import type { DemoAccount } from '../fixtures';
import type { Mailbox } from './mailbox';
import { apiSession, createUser, invitationLink, uniqueTag, type RoleName } from './setup';
import { repoRoot } from './server';

/**
 * The web app's route table as the browser suite sees it: read from apps/web/src/app/router.tsx
 * itself (its `pages` array: each row's `path` and `access`), so a route added there is in every
 * sweep that walks the routes (e2e/a11y.spec.ts) without anyone listing it twice. The file is parsed,
 * not imported: it pulls in React, MUI and the lazy pages.
 */

/** Who may open a page: 'visitor' is someone not signed in. */
export type Viewer = 'visitor' | RoleName;

export interface RouterPage {
  /** As written in the router: '/fics/:storyId/revision'. */
  path: string;
  /** router.tsx's `access`: 'public', 'auth' or a list of roles. */
  access: 'public' | 'auth' | RoleName[];
  /** Who can open it: a public page everyone, an 'auth' page the three roles, else the roles listed. */
  viewers: Viewer[];
}

const ROLES: RoleName[] = ['STUDENT', 'TEACHER', 'ADMIN'];
const routerFile = path.join(repoRoot, 'apps/web/src/app/router.tsx');

/** `x as const` and `x satisfies T` unwrapped. */
function unwrap(node: ts.Expression): ts.Expression {
  return ts.isAsExpression(node) || ts.isSatisfiesExpression(node) || ts.isParenthesizedExpression(node)
    ? unwrap(node.expression)
    : node;
}

function stringOf(node: ts.Expression, what: string): string {
  const inner = unwrap(node);
  if (!ts.isStringLiteralLike(inner)) {
    throw new Error(`${routerFile}: ${what} no es un texto literal (${inner.getText()})`);
  }
  return inner.text;
}

/** Every row of router.tsx's `pages`, in its order; throws on a row it cannot read. */
export function routerPages(): RouterPage[] {
  const source = ts.createSourceFile(
    routerFile,
    fs.readFileSync(routerFile, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TSX,
  );
  let table: ts.ArrayLiteralExpression | undefined;
  const visit = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && node.name.getText() === 'pages' && node.initializer) {
      const init = unwrap(node.initializer);
      if (ts.isArrayLiteralExpression(init)) {
        table = init;
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  if (!table) {
    throw new Error(`${routerFile}: no se encontró la tabla 'pages'`);
  }
  return table.elements.map((element) => {
    if (!ts.isObjectLiteralExpression(element)) {
      throw new Error(`${routerFile}: una fila de 'pages' no es un objeto (${element.getText()})`);
    }
    const property = (name: string) => {
      const found = element.properties.find(
        (p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && p.name.getText() === name,
      );
      if (!found) {
        throw new Error(`${routerFile}: una fila no tiene '${name}' (${element.getText()})`);
      }
      return found.initializer;
    };
    const routePath = stringOf(property('path'), 'path');
    const accessNode = unwrap(property('access'));
    let access: RouterPage['access'];
    if (ts.isArrayLiteralExpression(accessNode)) {
      access = accessNode.elements.map((role) => stringOf(role, `access de ${routePath}`) as RoleName);
    } else {
      access = stringOf(accessNode, `access de ${routePath}`) as 'public' | 'auth';
    }
    const viewers: Viewer[] =
      access === 'public' ? ['visitor', ...ROLES] : access === 'auth' ? [...ROLES] : [...access];
    return { path: routePath, access, viewers };
  });
}

/** Real ids for the routes with parameters, from the demo data through the API. */
export interface RouteIds {
  /** A valid invitation token (a new administrator's, never used). */
  token: string;
  /** The demo student (Sofía): a user a teacher of her grade and an administrator may look at. */
  userId: string;
  /** The demo student's school. */
  collegeId: string;
  /** A fic of the demo student waiting for review (her teacher sees the evaluation form). */
  reviewStoryId: string;
  /** A published fic of the demo student. */
  publishedStoryId: string;
  /** A rubric of the demo teacher. */
  rubricId: string;
}

interface StorySummary {
  _id: string;
  publicationStatus: string;
}

/** Per server (one a worker): the sweep's four tests share one look-up and one invited account. */
const idsByServer = new Map<string, Promise<RouteIds>>();

export function routeIds(
  request: APIRequestContext,
  mailbox: Mailbox,
  demo: Record<RoleName, DemoAccount>,
  serverUrl: string,
): Promise<RouteIds> {
  let ids = idsByServer.get(serverUrl);
  if (!ids) {
    ids = lookUpRouteIds(request, mailbox, demo);
    idsByServer.set(serverUrl, ids);
    ids.catch(() => idsByServer.delete(serverUrl));
  }
  return ids;
}

async function lookUpRouteIds(
  request: APIRequestContext,
  mailbox: Mailbox,
  demo: Record<RoleName, DemoAccount>,
): Promise<RouteIds> {
  const admin = await apiSession(request, demo.ADMIN.email, demo.ADMIN.password);
  const student = await apiSession(request, demo.STUDENT.email, demo.STUDENT.password);
  const teacher = await apiSession(request, demo.TEACHER.email, demo.TEACHER.password);

  const email = `axe-${uniqueTag()}@fics.test`;
  await createUser(admin, { name: 'Ada Accesible', email, role: 'ADMIN' });
  const link = await invitationLink(mailbox, email);
  const token = decodeURIComponent(link.slice(link.lastIndexOf('/') + 1));

  const { user } = await student.call<{ user: { _id: string; collegeId: { _id: string }[] } }>(
    'GET',
    '/auth/me',
  );
  const { stories } = await student.call<{ stories: { docs: StorySummary[] } }>(
    'GET',
    '/stories/student-stories?limit=50',
  );
  const byStatus = (status: string) => stories.docs.find((s) => s.publicationStatus === status)?._id;
  const { rubrics } = await teacher.call<{ rubrics: { docs: { _id: string }[] } }>(
    'GET',
    '/rubrics/my-rubrics',
  );
  const ids = {
    token,
    userId: user._id,
    collegeId: user.collegeId[0]?._id,
    reviewStoryId: byStatus('REVIEWING') ?? byStatus('EVALUATED'),
    publishedStoryId: byStatus('PUBLISHED'),
    rubricId: rubrics.docs[0]?._id,
  };
  for (const [key, value] of Object.entries(ids)) {
    expect(value, `los datos de demostración no dan un ${key}`).toBeTruthy();
  }
  return ids as RouteIds;
}
