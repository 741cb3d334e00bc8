/** data.ts: the course data in content/scenarios/ is validated, and a broken entry names its file and field. */
import { describe, expect, it } from 'vitest';
import { COURSE_FILES, CourseDataError, loadCourseData, type CourseDataFiles } from '#course';

/** A deep copy of the shipped files, changed by `edit`. */
function broken(edit: (files: { [K in keyof CourseDataFiles]: any }) => void): CourseDataFiles {
  const files = structuredClone(COURSE_FILES) as { [K in keyof CourseDataFiles]: any };
  edit(files);
  return files;
}

function messageOf(files: CourseDataFiles): string {
  try {
    loadCourseData(files);
  } catch (error) {
    expect(error).toBeInstanceOf(CourseDataError);
    return (error as Error).message;
  }
  throw new Error('expected the data to be rejected');
}

describe('course data', () => {
  it('loads the shipped files', () => {
    const data = loadCourseData(COURSE_FILES);
    expect(data.scenarios.length).toBeGreaterThanOrEqual(10);
  });

  it('names the file, the scenario and the field of a value outside the vocabulary', () => {
    const message = messageOf(
      broken((f) => {
        f.scenarioFiles[0][1].scenarios[1].answer.layer = 'the-router';
      }),
    );
    expect(message).toContain('content/scenarios/tool-calls.json');
    expect(message).toMatch(/scenarios\[1\] \(id "[a-z-]+"\)\.answer\.layer/);
  });

  it('names a missing required field', () => {
    const message = messageOf(
      broken((f) => {
        delete f.scenarioFiles[0][1].scenarios[0].hints;
      }),
    );
    expect(message).toMatch(/tool-calls\.json[\s\S]*scenarios\[0\] \(id "[a-z-]+"\)\.hints/);
  });

  it('rejects a member the schema does not define (a typo in a field name)', () => {
    const message = messageOf(
      broken((f) => {
        f.scenarioFiles[0][1].scenarios[0].hint = 'typo';
      }),
    );
    expect(message).toMatch(/scenarios\[0\] \(id "[a-z-]+"\)/);
    expect(message).toContain('hint');
  });

  it('rejects a scenario id used twice, naming both files', () => {
    const message = messageOf(
      broken((f) => {
        f.scenarioFiles = [
          ...f.scenarioFiles,
          ['content/scenarios/extra.json', { scenarios: [f.scenarioFiles[0][1].scenarios[0]] }],
        ];
      }),
    );
    expect(message).toContain('content/scenarios/extra.json');
    expect(message).toContain('already a scenario in content/scenarios/tool-calls.json');
  });

  it('rejects a reference to a misconception that does not exist', () => {
    const message = messageOf(
      broken((f) => {
        f.misconceptions.misconceptions = f.misconceptions.misconceptions.slice(1);
      }),
    );
    expect(message).toContain('no misconception');
  });

  it('rejects a label file that leaves a value without a label', () => {
    const message = messageOf(
      broken((f) => {
        delete f.labels.values['client-timeout'];
      }),
    );
    expect(message).toContain('content/scenarios/labels.json');
    expect(message).toContain('client-timeout');
  });

  it('rejects a default table row that is not in the bank', () => {
    const message = messageOf(
      broken((f) => {
        f.tables.default = ['no-such-scenario'];
      }),
    );
    expect(message).toMatch(/tables\.json[\s\S]*default\[0\]/);
  });
});
