/**
 * axe-core in the browser tests of both UIs: the npm package injected into the page, WCAG 2.0/2.1 A and AA
 * rules. One helper for the storefront's and the back office's accessibility tests.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
let axeSource: Promise<string> | undefined;

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/** Runs axe-core (injected into the page) with the WCAG 2.0/2.1 A and AA rules; returns the violations. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated through the DevTools protocol, which the page's CSP (no inline scripts) does not govern: the
  // page is checked under its real policy.
  axeSource ??= readFile(AXE_PATH, 'utf8');
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(await axeSource);
  return page.evaluate(async () => {
    // Colours are measured as they settle: a notification fading in is half its colour for a moment.
    await Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => {})),
    );
    const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<unknown> } })
      .axe;
    const result = (await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    })) as {
      violations: {
        id: string;
        impact: string | null;
        help: string;
        nodes: { target: unknown[]; failureSummary?: string }[];
      }[];
    };
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`),
    }));
  });
}

/**
 * The critical and serious violations on the page, described (for `expect(...).toEqual([])`); the others
 * are printed for the record, labelled with `where`.
 */
export async function seriousViolations(page: Page, where: string): Promise<string[]> {
  const all = await axeViolations(page);
  const minor = all.filter((v) => v.impact !== 'critical' && v.impact !== 'serious');
  if (minor.length) console.info(`axe, ${where}: ${minor.map((v) => `${v.id} (${v.impact})`).join(', ')}`);
  return all
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.join('\n  ')}`);
}
