package infer

import "math"

// oddsExp is exp(x) for x in [minScore, 0], the same on every machine:
// the odds of the sampler feed its random choices, which the Haskell
// export of the rollout player (model/export, rollout/infer.hs) must
// repeat bit for bit. math.Exp is assembly on amd64 and arm64 whose
// result depends on the CPU (a fused multiply-add path where the CPU has
// one); this is the portable algorithm of package math (exp.go: the
// reduction by ln 2 in two parts, a degree-5 polynomial), each product
// rounded before it is added (the conversions forbid fusing), within one
// unit in the last place of exp.
func oddsExp(x float64) float64 {
	const (
		ln2Hi    = 6.93147180369123816490e-01
		ln2Lo    = 1.90821492927058770002e-10
		log2e    = 1.44269504088896338700e+00
		nearZero = 1.0 / (1 << 28)
		p1       = 1.66666666666666657415e-01
		p2       = -2.77777777770155933842e-03
		p3       = 6.61375632143793436117e-05
		p4       = -1.65339022054652515390e-06
		p5       = 4.13813679705723846039e-08
	)
	switch {
	case !(x >= minScore):
		x = minScore
	case x >= 0:
		return 1
	case x > -nearZero:
		return 1 + x
	}
	k := int(float64(log2e*x) - 0.5)
	hi := x - float64(float64(k)*ln2Hi)
	lo := float64(k) * ln2Lo
	r := hi - lo
	t := float64(r * r)
	poly := p1 + float64(t*(p2+float64(t*(p3+float64(t*(p4+float64(t*p5)))))))
	c := r - float64(t*poly)
	y := 1 - ((lo - float64(r*c)/(2-c)) - hi)
	return math.Ldexp(y, k)
}
