// The Any pay table page's plot of a progressive meter (any-meter.js): the exact return against
// the meter, a straight line between the breakpoints, the 100% line and the break-even marked.
//
// A part of the Any pay table page (any-ui.js makes the parts in order, each over what the ones
// before it made: c holds the page's elements, its state and messages, the engine once started,
// and every earlier part's functions).
(globalThis.vpcharts.anyParts = globalThis.vpcharts.anyParts || {}).meterPlot = function makeMeterPlot(c) {
  "use strict";
  const { $ } = c;

  /** The return against the meter: a line through the ends and every breakpoint (the return is
   * straight between them), the 100% line and the break-even marked. */
  function drawPlot(report) {
    const svg = $("any-meter-plot");
    const points = [report.low, ...report.points, report.high];
    const [w, h, left, bottom] = [320, 140, 46, 22];
    const lowest = Math.min(...points.map((p) => p.value), 1);
    const highest = Math.max(...points.map((p) => p.value), 1);
    const spread = highest - lowest || 0.01;
    const x = (at) => left + ((at - report.low.at) / (report.high.at - report.low.at)) * (w - left - 8);
    const y = (v) => 8 + (1 - (v - lowest) / spread) * (h - bottom - 8);
    const parts = [`<polyline fill="none" stroke="currentColor" stroke-width="2" points="${points.map((p) => `${x(p.at).toFixed(1)},${y(p.value).toFixed(1)}`).join(" ")}"/>`];
    parts.push(`<line x1="${left}" x2="${w - 8}" y1="${y(1).toFixed(1)}" y2="${y(1).toFixed(1)}" stroke="#888" stroke-dasharray="4 3"/>`);
    parts.push(`<text x="${left - 4}" y="${(y(1) + 4).toFixed(1)}" text-anchor="end" font-size="11">100%</text>`);
    if (report.breakEven) { // (the break-even: where the line meets 100%)
      const at = x(Number(report.breakEven.replace(/,/g, "")));
      parts.push(`<circle cx="${at.toFixed(1)}" cy="${y(1).toFixed(1)}" r="4" fill="#c01c28"/>`);
    }
    for (const end of [report.low, report.high]) { // (each end's return beside it)
      const anchor = end === report.low ? "start" : "end";
      const above = y(end.value) > 20 ? -6 : 14;
      parts.push(`<text x="${x(end.at).toFixed(1)}" y="${(y(end.value) + above).toFixed(1)}" text-anchor="${anchor}" font-size="11">${end.return}</text>`);
    }
    parts.push(`<text x="${left}" y="${h - 4}" font-size="11">${report.low.meter}</text>`);
    parts.push(`<text x="${w - 8}" y="${h - 4}" font-size="11" text-anchor="end">${report.high.meter} coins</text>`);
    svg.setAttribute("viewBox", `0 0 ${w} ${h}`);
    svg.innerHTML = parts.join("");
  }

  return { drawPlot };
};
