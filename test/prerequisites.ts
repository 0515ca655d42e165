// What `npm test`'s suites need from the machine, checked before any of them starts: the browsers, the
// virtual display, LibreOffice, PostgreSQL's binaries, and the old Chromiums unpacked from node_modules. On Debian as
// root (a fresh CI machine, a container) what is missing is installed with apt-get, its output shown only
// if it fails; anywhere else the run stops at once with the one command that installs it, instead of a
// suite failing half an hour in on a missing binary.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { chromiumPath } from './chromium.mjs';
import { firefoxPath } from './firefox/firefox.ts';
import { OLD_CHROMIUMS, unpackOldChromium } from './old-engines/old-chromium.ts';

interface Need {
  what: string;
  present: () => boolean;
  /** The Debian package that provides it. */
  apt: string;
  /** Set when an environment variable points elsewhere: then apt cannot help, the variable is wrong. */
  override?: string;
}

const onPath = (command: string) =>
  (process.env.PATH ?? '').split(delimiter).some((folder) => folder && existsSync(join(folder, command)));

/** As test/server/postgres-global-setup.ts finds them: `PG_BIN`, or Debian's /usr/lib/postgresql/<v>/bin. */
function postgresPresent(): boolean {
  if (process.env.PG_BIN) return existsSync(join(process.env.PG_BIN, 'initdb'));
  const root = '/usr/lib/postgresql';
  return (
    existsSync(root) && readdirSync(root).some((version) => existsSync(join(root, version, 'bin/initdb')))
  );
}

const NEEDS: Need[] = [
  {
    what: `Chromium at ${chromiumPath} (widget and end-to-end suites)`,
    present: () => existsSync(chromiumPath),
    apt: 'chromium',
    override: process.env.CHROMIUM_PATH && 'CHROMIUM_PATH',
  },
  {
    what: `Firefox ESR at ${firefoxPath} (test/firefox)`,
    present: () => existsSync(firefoxPath),
    apt: 'firefox-esr',
    override: process.env.FIREFOX_PATH && 'FIREFOX_PATH',
  },
  {
    what: 'WebKitWebDriver, WebKitGTK (test/webkit)',
    present: () => onPath('WebKitWebDriver'),
    apt: 'webkit2gtk-driver',
  },
  { what: 'Xvfb, the display of test/webkit', present: () => onPath('Xvfb'), apt: 'xvfb' },
  {
    what: 'lynx, the text browser that reads the pay page (test/firefox)',
    present: () => onPath('lynx'),
    apt: 'lynx',
  },
  {
    what: 'LibreOffice Calc, which opens the exports as an accountant would (test/server/exports)',
    present: () => onPath('soffice'),
    apt: 'libreoffice-calc-nogui',
  },
  {
    what: "PostgreSQL's binaries (the store suite)",
    present: postgresPresent,
    apt: 'postgresql',
    override: process.env.PG_BIN && 'PG_BIN',
  },
];

function fail(message: string): never {
  console.error(`prerequisites: ${message}`);
  process.exit(1);
}

/** Runs an apt-get command quietly; its output is shown only if it fails. */
function aptGet(args: string[]) {
  const run = spawnSync('apt-get', args, {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    maxBuffer: 256 * 1024 * 1024,
  });
  if (run.status !== 0) {
    console.error(`${run.stdout ?? ''}${run.stderr ?? ''}`);
    fail(`apt-get ${args.join(' ')} failed (${run.error?.message ?? `exit ${run.status}`})`);
  }
}

function install(missing: Need[]) {
  const wrongVariables = missing.filter((need) => need.override);
  if (wrongVariables.length)
    fail(wrongVariables.map((need) => `${need.override} points at nothing: ${need.what}`).join('\n'));
  const packages = missing.map((need) => need.apt);
  const command = `apt-get install -y ${packages.join(' ')}`;
  const debianRoot = existsSync('/etc/debian_version') && process.getuid?.() === 0;
  if (!debianRoot)
    fail(
      `missing:\n${missing.map((need) => `  - ${need.what}`).join('\n')}\n` +
        `install them with:\n  ${existsSync('/etc/debian_version') ? 'sudo ' : ''}${command}\n` +
        '(on a system without apt, install the same programs and set CHROMIUM_PATH, FIREFOX_PATH or PG_BIN)',
    );
  process.stdout.write(`prerequisites: ${command}\n`);
  if (packages.includes('postgresql')) {
    // The test harness starts its own throwaway cluster: only the binaries are wanted, so the package
    // must not create and start a system cluster of its own.
    mkdirSync('/etc/postgresql-common/createcluster.d', { recursive: true });
    writeFileSync(
      '/etc/postgresql-common/createcluster.d/pay-checkout-tests.conf',
      'create_main_cluster = false\n',
    );
  }
  aptGet(['update']);
  aptGet(['install', '-y', ...packages]);
  const stillMissing = NEEDS.filter((need) => !need.present());
  if (stillMissing.length)
    fail(`still missing after apt-get: ${stillMissing.map((need) => need.what).join(', ')}`);
}

const missing = NEEDS.filter((need) => !need.present());
if (missing.length) install(missing);

// The old Chromiums come with `npm ci` (chrome-aws-lambda); unpacking them takes a few seconds, once.
for (const engine of OLD_CHROMIUMS) {
  await unpackOldChromium(engine).catch((error: Error) =>
    fail(
      `cannot unpack Chromium ${engine.major} from ${engine.lambda} (did \`npm ci\` run?): ${error.message}`,
    ),
  );
}
