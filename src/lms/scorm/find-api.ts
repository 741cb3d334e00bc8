/**
 * Finding the LMS's SCORM API from a page the LMS launched: the API object lives in a window above the page (the
 * LMS's frame, any number of levels up) or in the window that opened it. SCORM 1.2 names it `API`, SCORM 2004
 * `API_1484_11`. A window of another origin cannot be read; the search stops there. Browser only, no imports, so
 * every page can carry it for a few hundred bytes.
 */

/** The SCORM 1.2 API (the calls the course makes). */
export interface Scorm12Api {
  LMSInitialize(arg: ''): string;
  LMSFinish(arg: ''): string;
  LMSGetValue(element: string): string;
  LMSSetValue(element: string, value: string): string;
  LMSCommit(arg: ''): string;
  LMSGetLastError(): string;
  LMSGetErrorString(code: string): string;
}

/** The SCORM 2004 API (the calls the course makes). */
export interface Scorm2004Api {
  Initialize(arg: ''): string;
  Terminate(arg: ''): string;
  GetValue(element: string): string;
  SetValue(element: string, value: string): string;
  Commit(arg: ''): string;
  GetLastError(): string;
  GetErrorString(code: string): string;
}

/** An API found, with its version. */
export type FoundApi = { version: 'scorm12'; api: Scorm12Api } | { version: 'scorm2004'; api: Scorm2004Api };

/** How many windows up the search goes (ADL's own discovery code stops at 500 as well). */
const MAX_LEVELS = 500;

function apiIn(win: Window): { scorm12?: Scorm12Api; scorm2004?: Scorm2004Api } {
  try {
    const holder = win as unknown as { API?: Partial<Scorm12Api>; API_1484_11?: Partial<Scorm2004Api> };
    const v12 = holder.API;
    const v2004 = holder.API_1484_11;
    return {
      ...(typeof v12?.LMSInitialize === 'function' ? { scorm12: v12 as Scorm12Api } : {}),
      ...(typeof v2004?.Initialize === 'function' ? { scorm2004: v2004 as Scorm2004Api } : {}),
    };
  } catch {
    return {}; // another origin's window
  }
}

/** The chain of windows to search: this one, its parents up to the top, then the opener and its parents. */
function windowsAbove(start: Window): Window[] {
  const out: Window[] = [];
  const climb = (from: Window | null) => {
    let win = from;
    for (let level = 0; win && level < MAX_LEVELS; level++) {
      out.push(win);
      let parent: Window | null = null;
      try {
        parent = win.parent;
      } catch {
        return;
      }
      if (!parent || parent === win) return;
      win = parent;
    }
  };
  climb(start);
  try {
    climb(start.top?.opener as Window | null);
  } catch {
    // an opener of another origin
  }
  return out;
}

/**
 * The nearest SCORM API above `win`. `wanted` is the version the package asked for in the launch address
 * (`?lms=scorm12` or `?lms=scorm2004`); without it, an LMS offering both gets SCORM 2004.
 */
export function findScormApi(win: Window, wanted?: string | null): FoundApi | undefined {
  for (const candidate of windowsAbove(win)) {
    const { scorm12, scorm2004 } = apiIn(candidate);
    if (scorm12 && (wanted === 'scorm12' || !scorm2004)) return { version: 'scorm12', api: scorm12 };
    if (scorm2004) return { version: 'scorm2004', api: scorm2004 };
  }
  return undefined;
}
