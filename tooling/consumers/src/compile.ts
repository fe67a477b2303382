import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

export interface Compilation {
  /** Every error, formatted as tsc prints it. */
  errors: string[];
  /** What an editor strikes through: `file:line 'name' is deprecated`, from the compiler's suggestions. */
  deprecatedUses: string[];
}

/** Compiles a project with its own tsconfig.json, as `tsc -p` would, and collects deprecation warnings. */
export function compile(dir: string): Compilation {
  const configFile = join(dir, 'tsconfig.json');
  const config: unknown = ts.readConfigFile(configFile, (file) => ts.sys.readFile(file)).config;
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, dir, undefined, configFile);
  const service = ts.createLanguageService({
    getCompilationSettings: () => parsed.options,
    getScriptFileNames: () => parsed.fileNames,
    getScriptVersion: () => '1',
    getScriptSnapshot: (file) => (ts.sys.fileExists(file) ? ts.ScriptSnapshot.fromString(readFileSync(file, 'utf8')) : undefined),
    getCurrentDirectory: () => dir,
    getDefaultLibFileName: (options) => ts.getDefaultLibFilePath(options),
    fileExists: (file) => ts.sys.fileExists(file),
    readFile: (file, encoding) => ts.sys.readFile(file, encoding),
    readDirectory: (path, extensions, exclude, include, depth) => ts.sys.readDirectory(path, extensions, exclude, include, depth),
    directoryExists: (path) => ts.sys.directoryExists(path),
    getDirectories: (path) => ts.sys.getDirectories(path),
  });
  const program = service.getProgram();
  if (!program) throw new Error(`no program for ${dir}`);
  const emitted = program.emit(undefined, (file, text) => ts.sys.writeFile(file, text));
  const format: ts.FormatDiagnosticsHost = { getCanonicalFileName: (f) => f, getCurrentDirectory: () => dir, getNewLine: () => '\n' };
  const errors = [...ts.getPreEmitDiagnostics(program), ...emitted.diagnostics].map((d) => ts.formatDiagnostic(d, format).trim());
  const deprecatedUses = parsed.fileNames.flatMap((file) =>
    service
      .getSuggestionDiagnostics(file)
      .filter((d) => d.reportsDeprecated)
      .map((d) => {
        const { line } = d.file ? d.file.getLineAndCharacterOfPosition(d.start ?? 0) : { line: -1 };
        return `${file.slice(dir.length + 1)}:${line + 1} ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`;
      }),
  );
  return { errors, deprecatedUses };
}
