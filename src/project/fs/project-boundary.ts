import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { error, type Diagnostic } from '../../diagnostics/diagnostic.js';
import { describeOsError, type ProjectFs } from './project-fs.js';

/** A symbolic link on the way to a planned file that leads out of the project. */
export interface EscapingLink {
  /** Project-relative path of the link. */
  link: string;
  /** The real path it leads to. */
  leadsTo: string;
}

/** A planned file and the link that would carry its write out of the project. */
export interface EscapingWrite {
  path: string;
  escape: EscapingLink;
}

/** The kernel gives up after 40 links (ELOOP); so does the walk through dangling ones, which it does itself. */
const MAX_LINK_HOPS = 40;

type Verdict = 'inside' | 'missing' | EscapingLink;

/**
 * Finds, for a project-relative path, the symbolic link (if any) that would carry a write there out of the
 * project's real root. A write lands in the target's directory (its temp and backup files too) or in
 * directories created below the nearest existing one, so every link from the root down to the first
 * missing entry is checked, the target included; a link that stays inside the project is fine. Remembers
 * each prefix's verdict, as most files share their directories. Throws the OS error of a link it cannot
 * follow.
 */
export function projectBoundary(root: string, fs: ProjectFs): (path: string) => EscapingLink | undefined {
  let realRoot: string | undefined;
  const verdicts = new Map<string, Verdict>();
  const verdictOf = (prefix: string): Verdict => {
    const known = verdicts.get(prefix);
    if (known !== undefined) return known;
    const absolute = join(root, ...prefix.split('/'));
    const kind = fs.entryKind(absolute);
    let verdict: Verdict = kind === undefined ? 'missing' : 'inside';
    if (kind === 'link') {
      realRoot ??= fs.realpath(root);
      const leadsTo = realPathOf(absolute, fs);
      if (!isWithin(realRoot, leadsTo)) verdict = { link: prefix, leadsTo };
    }
    verdicts.set(prefix, verdict);
    return verdict;
  };
  return (path) => {
    const segments = path.split('/');
    for (let depth = 1; depth <= segments.length; depth++) {
      const verdict = verdictOf(segments.slice(0, depth).join('/'));
      if (verdict === 'missing') return undefined;
      if (verdict !== 'inside') return verdict;
    }
    return undefined;
  };
}

/**
 * Every link that would carry a write to one of `paths` out of the project, as one error per link; a link
 * that cannot be followed is an error of its own. For reporting with the plan, dry runs included.
 */
export function writesLeavingProject(root: string, paths: readonly string[], fs: ProjectFs): Diagnostic[] {
  const escapingLinkOf = projectBoundary(root, fs);
  const escapes: EscapingWrite[] = [];
  const failures: Diagnostic[] = [];
  for (const path of paths) {
    try {
      const escape = escapingLinkOf(path);
      if (escape !== undefined) escapes.push({ path, escape });
    } catch (cause) {
      failures.push({
        ...error('unreadable_project_file', `Cannot tell where ${path} would be written: ${describeOsError(cause)}`),
        path,
      });
    }
  }
  return [...failures, ...outsideProjectErrors(escapes)];
}

/** One error per link, naming the link, where it leads, and the files that would have gone there. */
export function outsideProjectErrors(escapes: readonly EscapingWrite[]): Diagnostic[] {
  const byLink = new Map<string, EscapingWrite[]>();
  for (const write of escapes) {
    const writes = byLink.get(write.escape.link);
    if (writes === undefined) byLink.set(write.escape.link, [write]);
    else writes.push(write);
  }
  return [...byLink].map(([link, writes]) => {
    const [first, ...others] = writes.map((write) => write.path);
    const more = others.length === 0 ? '' : ` and ${others.length} more ${others.length === 1 ? 'file' : 'files'}`;
    return {
      ...error(
        'path_outside_project',
        `${link} is a symbolic link to ${writes[0]?.escape.leadsTo}, outside the project; fullapi writes only inside the project, and would have written ${first}${more} there.`,
        undefined,
        `Make ${link} a folder of the project, or a link to one inside it.`,
      ),
      path: link,
    };
  });
}

/**
 * The real path of a path that may not exist yet: its nearest existing ancestor's real path plus the
 * missing rest. Links are followed by hand, one at a time, so a dangling one (on which the kernel's
 * realpath fails) resolves to where a write through it would create a file.
 */
function realPathOf(path: string, fs: ProjectFs, hops = 0): string {
  const parent = dirname(path);
  if (parent === path) return fs.realpath(path);
  const kind = fs.entryKind(path);
  if (kind === undefined) return join(realPathOf(parent, fs, hops), basename(path));
  if (kind !== 'link') return fs.realpath(path);
  if (hops >= MAX_LINK_HOPS) throw new Error(`ELOOP: too many symbolic links, ${path}`);
  return realPathOf(resolve(realPathOf(parent, fs, hops), fs.readlink(path)), fs, hops + 1);
}

function isWithin(root: string, path: string): boolean {
  const rest = relative(root, path);
  return rest === '' || (rest !== '..' && !rest.startsWith(`..${sep}`) && !isAbsolute(rest));
}
