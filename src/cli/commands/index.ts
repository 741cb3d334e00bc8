/**
 * The table of `mcp-lab` subcommands, in the order `mcp-lab --help` lists them. A new subcommand is one file in
 * this folder exporting a `Command`, and one entry here.
 */
import type { Command } from '../command.ts';
import { classifyCommand } from './classify.ts';
import { gradeCommand } from './grade.ts';
import { probeCommand } from './probe.ts';

export const COMMANDS: readonly Command[] = [classifyCommand, gradeCommand, probeCommand];
