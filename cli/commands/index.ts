import type { CommandModule } from 'yargs';
import { evidenceCommand, snapshotCommand, validateCommand } from './bank.ts';
import { checkCommand } from './check.ts';
import { indexCommand } from './index-cmd.ts';
import { auditCommand } from './audit.ts';
import { compareCommand } from './compare.ts';
import { failuresCommand } from './failures.ts';
import { leaderboardCommand } from './leaderboard.ts';
import { reportCommand } from './report.ts';
import { replayCommand } from './replay.ts';
// after replay.ts: its check step (request replay) runs before the regrade check this module registers
import { regradeCommand } from './regrade.ts';
import { proveCommand } from './prove.ts';
import { putCommand } from './put.ts';
import { repairCommand } from './repair.ts';
import { releaseCommand } from './release.ts';
import { runCommand } from './run.ts';
import { runsCommand } from './runs.ts';
import { serveReferenceCommand } from './serve-reference.ts';
import { verifyCommand } from './verify.ts';

// The explicit public surface: every command docket has.
export const commands = [checkCommand, verifyCommand, repairCommand, putCommand, indexCommand, validateCommand, snapshotCommand, evidenceCommand, releaseCommand, proveCommand, leaderboardCommand, compareCommand, failuresCommand, auditCommand, reportCommand, regradeCommand, replayCommand, runCommand, runsCommand, serveReferenceCommand] as unknown as CommandModule[];
