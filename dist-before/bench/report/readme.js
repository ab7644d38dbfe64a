/**
 * Puts the latest results into bench/README.md between two markers, leaving every other
 * section (method, framing…) as it is. Without the markers, a "Latest results" section is
 * appended once.
 */
export const START = '<!-- bench:latest:start -->';
export const END = '<!-- bench:latest:end -->';
export function replaceLatest(readme, content) {
    const block = `${START}\n${content.trim()}\n${END}`;
    const start = readme.indexOf(START);
    const end = readme.indexOf(END);
    if (start !== -1 && end > start) {
        return readme.slice(0, start) + block + readme.slice(end + END.length);
    }
    return `${readme.trimEnd()}\n\n## Latest results\n\n${block}\n`;
}
//# sourceMappingURL=readme.js.map