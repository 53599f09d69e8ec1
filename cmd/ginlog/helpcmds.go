package main

import "github.com/spf13/cobra"

// initHelpCommands adds cobra's help and completion commands to the tree
// now, rather than when it runs, and gives each an example like every
// other command's: --help shows them, and the test of every command's help
// walks them.
func initHelpCommands(root *cobra.Command) {
	root.InitDefaultHelpCmd()
	root.InitDefaultCompletionCmd()
	examples := map[string]string{
		"help": `  ginlog help ingest
  ginlog help bridge haskell`,
		"completion": `  ginlog completion bash > ~/.local/share/bash-completion/completions/ginlog
  ginlog completion zsh > "${fpath[1]}/_ginlog"`,
		"completion bash": `  ginlog completion bash > ~/.local/share/bash-completion/completions/ginlog
  source <(ginlog completion bash)`,
		"completion zsh": `  ginlog completion zsh > "${fpath[1]}/_ginlog"
  source <(ginlog completion zsh)`,
		"completion fish": `  ginlog completion fish > ~/.config/fish/completions/ginlog.fish
  ginlog completion fish | source`,
		"completion powershell": `  ginlog completion powershell | Out-String | Invoke-Expression`,
	}
	for _, c := range root.Commands() {
		if ex, ok := examples[c.Name()]; ok {
			c.Example = ex
		}
		for _, sub := range c.Commands() {
			if ex, ok := examples[c.Name()+" "+sub.Name()]; ok {
				sub.Example = ex
			}
		}
	}
}
