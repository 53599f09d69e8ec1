package players

import (
	"github.com/ginlog/ginlog/model/export"
	"github.com/ginlog/ginlog/players/tuned"
)

// RolloutExport is the rollout player's configuration as the Haskell
// export takes it (export --player rollout): the one ginlog's own rollout
// player plays with, so that the module and rollout:PATH decide alike.
func RolloutExport() export.RolloutConfig {
	c := tuned.DefaultRolloutConfig
	return export.RolloutConfig{Samples: c.Samples, Pool: c.Pool, MaxStock: c.MaxStock, Margin: c.Margin, Z: c.Z,
		Soft: c.Soft, Calls: c.Calls, Game: c.Game}
}
