// Package train fits the hand-inference model of package infer from
// replayed games, and measures it on held-out games against two
// baselines: the uniform over the unseen cards, and a hand-written
// Bayesian filter.
//
// Every logged game is labelled data: the log shows both players' hands
// on every turn, so at each decision of the viewer the opponent's real
// hand is known. Fit maximises the likelihood of those hands under the
// model (the conditional Bernoulli distribution of package infer, the
// very probabilities the model predicts) by mini-batch gradient steps
// over a stream of games: memory is bounded by a batch of games (and a
// bounded cache that lets a small corpus be passed over several times),
// never by the corpus.
package train
