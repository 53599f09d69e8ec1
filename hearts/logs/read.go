package logs

import (
	"io/fs"
	"path"
	"strings"

	"github.com/ginlog/ginlog/logfile"
)

// ReadFS reads every .csv file under root in fsys (other files are not
// logs and are skipped), parses it and groups the files into games. File
// names in the games are paths in fsys. It fails only when root cannot be
// walked; a file that cannot be read is a located error of its game.
func ReadFS(fsys fs.FS, root string) ([]*Game, error) {
	var files []*File
	err := fs.WalkDir(fsys, root, func(name string, d fs.DirEntry, err error) error {
		if err != nil {
			if name == root {
				return err
			}
			files = append(files, unreadable(name, &logfile.FileError{File: name, Code: logfile.CodeUnreadable, Msg: err.Error()}))
			return nil
		}
		if d.IsDir() || !d.Type().IsRegular() || !strings.EqualFold(path.Ext(name), ".csv") {
			return nil
		}
		data, err := fs.ReadFile(fsys, name)
		if err != nil {
			files = append(files, unreadable(name, &logfile.FileError{File: name, Code: logfile.CodeUnreadable, Msg: err.Error()}))
			return nil
		}
		files = append(files, ParseFile(name, data))
		return nil
	})
	if err != nil {
		return nil, err
	}
	return Group(files), nil
}

// unreadable returns a file that could not be read, whose only error is
// e.
func unreadable(name string, e *logfile.FileError) *File {
	f := &File{Name: name, Pos: -1, Errors: []*logfile.FileError{e}}
	f.Group, f.Player, f.Stamp, _ = SplitName(name)
	return f
}
