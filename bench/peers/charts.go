package peers

import (
	"fmt"
	"image/color"
	"math"
	"path/filepath"
	"time"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
)

// barSeries is one bar per group; NaN is a missing bar.
type barSeries struct {
	name   string
	values []float64
}

// barChart writes a grouped bar chart to file (PNG). With logScale the
// bars show log10 of the values (all must be ≥ 1 in the chart's unit) on
// an axis labelled in powers of ten.
func barChart(file, title, ylabel string, groups []string, series []barSeries, logScale bool) error {
	p := plot.New()
	p.Title.Text = title
	p.Y.Label.Text = ylabel
	p.Legend.Top = true
	p.Legend.Left = true
	width := vg.Points(float64(min(40, 150/max(1, len(series)))))
	maxV := 0.0
	for i, s := range series {
		vals := make(plotter.Values, len(s.values))
		for j, v := range s.values {
			switch {
			case math.IsNaN(v) || v <= 0:
				vals[j] = 0
			case logScale:
				vals[j] = math.Log10(max(v, 1))
			default:
				vals[j] = v
			}
			maxV = max(maxV, vals[j])
		}
		bars, err := plotter.NewBarChart(vals, width)
		if err != nil {
			return err
		}
		bars.Color = plotutil.Color(i)
		bars.LineStyle.Width = 0
		bars.Offset = vg.Length(float64(i)-float64(len(series)-1)/2) * width
		p.Add(bars)
		p.Legend.Add(s.name, bars)
	}
	p.NominalX(groups...)
	p.Y.Min = 0
	p.Y.Max = maxV * 1.4 // room for the legend
	if logScale {
		p.Y.Max = math.Ceil(maxV + 1.2)
		var ticks []plot.Tick
		for e := 0.0; e <= p.Y.Max; e++ {
			ticks = append(ticks, plot.Tick{Value: e, Label: powLabel(e)})
		}
		p.Y.Tick.Marker = plot.ConstantTicks(ticks)
	}
	p.Add(plotter.NewGrid())
	return p.Save(vg.Length(160+len(groups)*len(series)*30)*vg.Millimeter/3+100*vg.Millimeter, 90*vg.Millimeter, file)
}

func powLabel(e float64) string {
	v := math.Pow(10, e)
	switch {
	case v >= 1e6:
		return fmt.Sprintf("%gM", v/1e6)
	case v >= 1e3:
		return fmt.Sprintf("%gk", v/1e3)
	}
	return fmt.Sprintf("%g", v)
}

// prSeries is a precision–recall curve with labels, or separate points
// when pointsOnly.
type prSeries struct {
	name       string
	points     []prPoint
	pointsOnly bool
}

type prPoint struct {
	recall, precision float64
	label             string
}

// prChart writes a precision–recall chart to file (PNG).
func prChart(file, title string, series []prSeries) error {
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = "recall"
	p.Y.Label.Text = "precision"
	p.X.Min, p.X.Max = 0, 1.02
	p.Y.Min, p.Y.Max = 0, 1.05
	p.Legend.Left = true
	p.Legend.Top = false
	p.Add(plotter.NewGrid())
	for i, s := range series {
		var xys plotter.XYs
		var labels []string
		for _, pt := range s.points {
			if math.IsNaN(pt.recall) || math.IsNaN(pt.precision) {
				continue
			}
			xys = append(xys, plotter.XY{X: pt.recall, Y: pt.precision})
			labels = append(labels, pt.label)
		}
		if len(xys) == 0 {
			continue
		}
		line, points, err := plotter.NewLinePoints(xys)
		if err != nil {
			return err
		}
		c := plotutil.Color(i)
		line.Color = c
		points.Color = c
		points.Shape = plotutil.Shape(i)
		if len(xys) == 1 || s.pointsOnly {
			p.Add(points)
			p.Legend.Add(s.name, points)
		} else {
			p.Add(line, points)
			p.Legend.Add(s.name, line, points)
		}
		lbl, err := plotter.NewLabels(plotter.XYLabels{XYs: xys, Labels: labels})
		if err != nil {
			return err
		}
		for j := range lbl.TextStyle {
			lbl.TextStyle[j].Color = color.Gray{Y: 60}
		}
		lbl.Offset = vg.Point{X: 3, Y: 3}
		p.Add(lbl)
	}
	return p.Save(170*vg.Millimeter, 130*vg.Millimeter, file)
}

// charts writes one PNG per workload and the precision–recall chart into
// dir, and returns their paths relative to the report, by key.
func (r *report) charts(dir string) (map[string]string, error) {
	out := map[string]string{}
	var groups []string
	for _, sz := range r.sizes {
		groups = append(groups, rows(sz.rows)+" rows")
	}
	perSystem := func(v func(*sizeResult, *sysResult) float64) []barSeries {
		var ss []barSeries
		for _, name := range systems {
			s := barSeries{name: name}
			for _, sz := range r.sizes {
				x := math.NaN()
				if res := sz.systems[name]; res.missing == "" {
					x = v(sz, res)
				}
				s.values = append(s.values, x)
			}
			ss = append(ss, s)
		}
		return ss
	}
	med := func(s series) float64 {
		if len(s.times) == 0 {
			return math.NaN()
		}
		m, _ := s.quantiles()
		return float64(m)
	}
	type chart struct {
		key, file, title, ylabel string
		groups                   []string
		series                   []barSeries
		log                      bool
	}
	cs := []chart{
		{"point", "point_query.png", "Point near-duplicate query, k = 3 (median, lower is better)", "microseconds (log scale)", groups,
			perSystem(func(_ *sizeResult, s *sysResult) float64 { return med(s.point) / 1e3 }), true},
		{"pairs", "all_pairs.png", "All near-duplicate pairs, k = 3 (median; missing bar: not run)", "milliseconds (log scale)", groups,
			perSystem(func(_ *sizeResult, s *sysResult) float64 { return med(s.pairs) / 1e6 }), true},
		{"load", "bulk_load.png", "Bulk load (higher is better)", "rows per second", groups,
			perSystem(func(sz *sizeResult, s *sysResult) float64 { return float64(sz.rows) / s.loadTotal().Seconds() }), false},
	}
	var tgroups []string
	tseries := []barSeries{{name: "simhash(), 1 core"}, {name: "gse Cut, 1 core"}, {name: fmt.Sprintf("simhash(), %d cores", r.workers)}, {name: fmt.Sprintf("gse Cut, %d cores", r.workers)}}
	for _, t := range r.tput {
		tgroups = append(tgroups, t.corpus.Name)
		for i, runs := range [][]time.Duration{t.simhash1, t.gse1, t.simhashN, t.gseN} {
			x := math.NaN()
			if t.missing == "" && len(runs) > 0 {
				x, _ = t.mbps(runs)
			}
			tseries[i].values = append(tseries[i].values, x)
		}
	}
	cs = append(cs, chart{"throughput", "throughput.png", "Fingerprinting throughput (median, higher is better)", "MB/s", tgroups, tseries, false})
	for _, c := range cs {
		if err := barChart(filepath.Join(dir, c.file), c.title, c.ylabel, c.groups, c.series, c.log); err != nil {
			return nil, fmt.Errorf("%s: %w", c.file, err)
		}
		out[c.key] = chartDir + "/" + c.file
	}
	var pr []prSeries
	for _, q := range r.quality {
		if q.missing != "" {
			continue
		}
		s := prSeries{name: q.lang + ": hamming(simhash) ≤ k"}
		for kk, c := range q.simhash {
			s.points = append(s.points, prPoint{c.Recall(), c.Precision(), fmt.Sprintf("k=%d", kk)})
		}
		pr = append(pr, s)
		m := prSeries{name: q.lang + ": minhash_jaccard ≥ 0.8 (label: num_perm)", pointsOnly: true}
		for _, n := range numPerms {
			c := q.minhash[n]
			m.points = append(m.points, prPoint{c.Recall(), c.Precision(), fmt.Sprint(n)})
		}
		pr = append(pr, m)
	}
	if err := prChart(filepath.Join(dir, "quality_pr.png"), "Detection quality: precision and recall against jaccard() ≥ 0.8", pr); err != nil {
		return nil, err
	}
	out["quality"] = chartDir + "/quality_pr.png"
	return out, nil
}
