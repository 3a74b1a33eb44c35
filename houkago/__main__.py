from houkago.cli import main

raise SystemExit(main())
