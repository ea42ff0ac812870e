#!/bin/sh
# Starts an answer, then dies by SIGSEGV.
echo "s SATISFIABLE"
kill -SEGV $$
