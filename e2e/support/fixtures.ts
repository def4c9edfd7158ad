import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test as base } from '@playwright/test';
import { E2E_STATE_FILE, type E2eState } from './state.ts';

export function readState(): E2eState {
  return JSON.parse(fs.readFileSync(E2E_STATE_FILE, 'utf8')) as E2eState;
}

/** Signs in through the sign-in page, as a person would. */
export async function signIn(page: Page, role: keyof E2eState['people']): Promise<void> {
  await signInWith(page, readState().people[role]);
}

export async function signInWith(page: Page, person: { email: string; password: string }): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(person.email);
  await page.getByLabel('Password').fill(person.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('navigation', { name: 'Main' }).first()).toBeAttached();
}

/**
 * Serious and critical accessibility violations on the current page (axe), as readable lines; `exclude`
 * leaves parts out by selector (a replayed visitor's page, which is the website's and not the dashboard's).
 */
export async function seriousViolations(page: Page, exclude: string[] = []): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  for (const selector of exclude) builder.exclude(selector);
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
    );
}

/** Errors and warnings the page writes to its console, collected from now on. */
export function collectConsoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  return problems;
}

export const test = base;
export { expect };
