// Placeholder so the package builds on the vm branch; the CLI tests live on their own branch.
