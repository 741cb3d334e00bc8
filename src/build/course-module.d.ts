/** The course file, built once per build by src/build/course-file.ts. */
declare module 'virtual:mcp-lab/course' {
  const course: import('../course/course-file.ts').CourseFile;
  export default course;
}
