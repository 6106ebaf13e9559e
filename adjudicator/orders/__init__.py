"""Reading order text: lines, names, lenient matching, and errors with line numbers."""
