import type { CommandModule } from 'yargs';
import { evidenceCommand, snapshotCommand, validateCommand } from './bank.ts';
import { indexCommand } from './index-cmd.ts';
import { putCommand } from './put.ts';
import { verifyCommand } from './verify.ts';

// The explicit public surface: every command docket has.
export const commands = [verifyCommand, putCommand, indexCommand, validateCommand, snapshotCommand, evidenceCommand] as unknown as CommandModule[];
