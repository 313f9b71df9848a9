// The session's result drawn: an SVG of about 60 bars, those that end ahead told from those
// behind, with its ends and even marked on the axis, in the page's figure.
//
// A part of the session calculator (bankroll-ui.js makes the parts in order, each over what the
// ones before it made: c holds the page's form and $, and every earlier part's functions).
(globalThis.vpcharts.sessionParts = globalThis.vpcharts.sessionParts || {}).plot = function makePlot() {
  "use strict";
  const SVG = "http://www.w3.org/2000/svg";

  function plot(result, figure, money) {
    // The result's distribution in about 60 bars between its 0.5th and 99.5th percentiles.
    const { scale, low, dist } = result;
    let cumulative = 0, from = 0, to = dist.length - 1;
    for (let i = 0; i < dist.length; i++) {
      cumulative += dist[i];
      if (cumulative < 0.005) from = i + 1;
      if (cumulative < 0.995) to = i + 1;
    }
    const bars = Math.min(60, to - from + 1);
    const width = Math.max(1, Math.ceil((to - from + 1) / bars));
    const heights = [];
    for (let b = 0; b < bars; b++) {
      let mass = 0;
      for (let i = from + b * width; i < Math.min(from + (b + 1) * width, dist.length); i++) mass += dist[i];
      heights.push(mass);
    }
    const top = Math.max(...heights) || 1;
    const svg = document.createElementNS(SVG, "svg");
    svg.setAttribute("viewBox", "0 0 600 220");
    svg.setAttribute("role", "img");
    const first = (low + from) / scale, last = (low + from + bars * width) / scale;
    svg.setAttribute("aria-label", `The session's result, from ${money(first)} to ${money(last)}: the bars' heights are how likely each is`);
    heights.forEach((mass, b) => {
      const rect = document.createElementNS(SVG, "rect");
      const h = (mass / top) * 180;
      const x0 = (low + from + b * width) / scale;
      rect.setAttribute("x", String(10 + (b * 580) / bars));
      rect.setAttribute("y", String(190 - h));
      rect.setAttribute("width", String(Math.max(1, 580 / bars - 1)));
      rect.setAttribute("height", String(h));
      rect.setAttribute("class", x0 + width / scale > 0 ? "bar-ahead" : "bar-behind");
      svg.appendChild(rect);
    });
    for (const [value, anchor] of [[first, "start"], [0, "middle"], [last, "end"]]) {
      if (value === 0 && (first > 0 || last < 0)) continue;
      const text = document.createElementNS(SVG, "text");
      const x = value === 0 ? 10 + ((0 - first) / (last - first)) * 580 : anchor === "start" ? 10 : 590;
      text.setAttribute("x", String(x));
      text.setAttribute("y", "212");
      text.setAttribute("text-anchor", anchor);
      text.textContent = value === 0 ? "even" : money(value);
      svg.appendChild(text);
    }
    figure.replaceChildren(svg);
    const caption = document.createElement("figcaption");
    caption.textContent = "The session's result: bars right of even end ahead.";
    figure.appendChild(caption);
  }

  return { plot };
};
